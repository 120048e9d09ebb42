// What ProbeHTTP gave its callers and now lives below it, in BeyondEssentials (where a layer
// without sockets, ProbeRuns, reads it too): re-exported by name, so `import ProbeHTTP` still
// brings them, and a file that imports both modules sees one declaration of each.
@_exported import enum BeyondEssentials.Digest
@_exported import enum BeyondEssentials.JSONCoding
