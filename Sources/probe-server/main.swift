import ProbeServer
print("probe-server")
