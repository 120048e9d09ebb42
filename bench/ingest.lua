-- wrk script for bench/run: POST one realistic result (~1 KB) per request to
-- /api/runs/{id}/results, each (run, probe, attempt) new, and count the acknowledgements.
--
-- Environment (set by bench.py):
--   BENCH_RUNS     file with one "run-id write-key" a line (created just before this round)
--   BENCH_THREADS  wrk -t, so that each thread takes its own share of the runs
--   BENCH_OUT      where done() writes {"accepted":…,"duplicates":…,"other":…}
--
-- The server runs with --trust-proxy 127.0.0.1/32 and each request carries its own
-- X-Forwarded-For: a device farm is many devices, and the results rate limit is per address
-- (2,000/s each); without this, one loopback address would be throttled to 2,000/s.

local threads = {}
local nextId = 0

function setup(thread)
  thread:set("tid", nextId)
  nextId = nextId + 1
  table.insert(threads, thread)
end

-- Observed fields of real probes, filled with the catalog's types (GET /api/catalog).
-- Probe ids and the tail of the body after "attempt"; about 1 KB each with the envelope.
local kinds = {
  { "camera.getUserMedia", ',"status":"fail","reason":"NotAllowedError in 38 ms with no prompt: the host app does not handle onPermissionRequest","observed":{"outcome":"error","errorName":"NotAllowedError","errorMessage":"Permission denied by the embedding application (WebChromeClient.onPermissionRequest not overridden); the user was never asked","elapsedMs":38.4,"permissionStateBefore":"prompt","permissionStateAfter":"denied","promptShown":false,"videoTracks":0,"audioTracks":0},"elapsedMs":41.7,"at":"2026-11-30T03:00:00.123Z","context":{"pageVersion":"0.3.0","userAgent":"Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.39 Mobile Safari/537.36","visibility":"visible","online":true,"queued":0,"sequence":17}}' },
  { "camera.scope", ',"status":"pass","reason":"audio and video+audio behave like a browser; getDisplayMedia unsupported, as expected","observed":{"audioOutcome":"granted","audioErrorName":"","videoAudioOutcome":"granted","videoAudioErrorName":"","audioTracks":1,"displayOutcome":"unsupported","displayErrorName":"TypeError: navigator.mediaDevices.getDisplayMedia is not a function","elapsedMs":512.25},"elapsedMs":530.5,"at":"2026-11-30T03:00:01.456Z","padding":"the page sends a few more fields than this server reads; a newer page may add them and an older server ignores them","context":{"pageVersion":"0.3.0","userAgent":"Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.39 Mobile Safari/537.36","visibility":"visible","online":true,"queued":0,"sequence":17}}' },
  { "file.accept", ',"status":"pass","reason":"the chooser opened, the change event fired and the upload arrived intact","observed":{"changeFired":true,"cancelFired":false,"waitedMs":4210.5,"fileCount":1,"type":"image/jpeg","size":482113,"lastModified":1796353200123,"sniffedFormat":"jpeg","sha256":"9f2b5c0e7d1a4b3c8e6f0a2d4c6b8e0f1a3c5e7d9b1f3a5c7e9d1b3f5a7c9e1d","serverSha256":"9f2b5c0e7d1a4b3c8e6f0a2d4c6b8e0f1a3c5e7d9b1f3a5c7e9d1b3f5a7c9e1d","hashMatch":true,"uploadStatus":200},"elapsedMs":4402.0,"at":"2026-11-30T03:00:02.789Z","context":{"pageVersion":"0.3.0","userAgent":"Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.39 Mobile Safari/537.36","visibility":"visible","online":true,"queued":0,"sequence":17}}' },
  { "camera.foreignOrigin", ',"status":"fail","reason":"the second origin was denied the camera with no prompt: only the top origin is granted","observed":{"via":"frame","otherPortOutcome":"error","otherPortErrorName":"NotAllowedError","otherPortElapsedMs":12.5,"otherHostOutcome":"error","otherHostErrorName":"NotAllowedError","otherHostElapsedMs":14.25},"elapsedMs":230.0,"at":"2026-11-30T03:00:03.012Z","padding":"and a little more context the way a real page sends it: user gesture absent, document visible, frame depth one","context":{"pageVersion":"0.3.0","userAgent":"Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.39 Mobile Safari/537.36","visibility":"visible","online":true,"queued":0,"sequence":17}}' },
}
local maxAttempt = 500  -- 4 probes × 500 = 2,000 a run: Quotas.maxResultsPerRun

function init(args)
  runs = {}
  local nthreads = tonumber(os.getenv("BENCH_THREADS"))
  local i = 0
  for line in io.lines(os.getenv("BENCH_RUNS")) do
    -- "ID KEY": the run and its write key (results need it).
    local id, key = line:match("^(%S+)%s+(%S+)$")
    if i % nthreads == tid then table.insert(runs, { id = id, key = key }) end
    i = i + 1
  end
  counter = 0
  accepted, duplicates, other = 0, 0, 0
end

function request()
  -- counter → (run, probe, attempt): every combination new until this thread's runs are used up.
  local k = counter
  counter = counter + 1
  local kind = kinds[(k % #kinds) + 1]
  local rest = math.floor(k / #kinds)
  local attempt = (rest % maxAttempt) + 1
  local run = runs[(math.floor(rest / maxAttempt) % #runs) + 1]
  local body = '{"run":"' .. run.id .. '","probe":"' .. kind[1] .. '","attempt":' .. attempt .. kind[2]
  local headers = {
    ["Content-Type"] = "application/json",
    ["X-Forwarded-For"] = "10.77." .. tid .. "." .. (k % 250 + 1),
  }
  return wrk.format("POST", "/api/runs/" .. run.id .. "/results?key=" .. run.key, headers, body)
end

function response(status, headers, body)
  if status == 200 and body:find('"accepted":1', 1, true) then
    accepted = accepted + 1
  elseif status == 200 and body:find('"duplicates":1', 1, true) then
    duplicates = duplicates + 1
  else
    other = other + 1
    if other <= 3 then io.stderr:write("ingest: ", status, " ", body, "\n") end
  end
end

function done(summary, latency, requests)
  local a, d, o = 0, 0, 0
  for _, t in ipairs(threads) do
    a = a + t:get("accepted")
    d = d + t:get("duplicates")
    o = o + t:get("other")
  end
  local f = io.open(os.getenv("BENCH_OUT"), "w")
  f:write(string.format('{"accepted":%d,"duplicates":%d,"other":%d}\n', a, d, o))
  f:close()
end
