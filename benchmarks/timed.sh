# Sourced by the benchmark scripts after private-server.sh: timed CMD... runs a client and measures it.
# In: server, sock (from private-server.sh), WINDOW_AT, STEADY (seconds), OUT (the client's stdout file).
# Runs a client to its end and prints on stderr: its whole CPU seconds (rusage, every thread, start-up
# included), then for a steady window (STEADY seconds from WINDOW_AT seconds after its start, past
# bench's warmup) the client's and the server's CPU microseconds per query, the queries per second, and
# the server threads' sleeps (voluntary context switches) per query, from /proc and the server's
# Questions counter, and the share of the machine's CPU time that was idle (/proc/stat: CPU that neither
# client nor server used, while both had work to do).
timed() { python3 - "$server" "$sock" "$WINDOW_AT" "$STEADY" "$@" <<'PY'
import os, subprocess, sys, time
server, sock, at, steady, cmd = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), sys.argv[5:]
tick = os.sysconf("SC_CLK_TCK")
def cpu(pid):
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / tick
def sleeps(pid):
    n = 0
    for t in os.listdir(f"/proc/{pid}/task"):
        try:
            n += int(next(l for l in open(f"/proc/{pid}/task/{t}/status") if l.startswith("voluntary_")).split()[1])
        except (OSError, StopIteration):
            pass    # a thread that ended meanwhile
    return n
def idle():
    f = [int(x) for x in open("/proc/stat").readline().split()[1:]]
    return f[3] + f[4], sum(f[:8])    # idle + iowait, and every state but guest time (counted in user)
def questions():
    out = subprocess.run(["mariadb", "-uroot", "-S", sock, "-N", "-e", "SHOW GLOBAL STATUS LIKE 'Questions'"],
                         capture_output=True, text=True, check=True).stdout
    return int(out.split()[1])
start = time.monotonic()
p = subprocess.Popen(cmd, stdout=open(os.environ["OUT"], "w"))
time.sleep(at)
q0, c0, s0, v0, i0, t0 = questions(), cpu(p.pid), cpu(server), sleeps(server), idle(), time.monotonic()
time.sleep(steady)
q1, c1, s1, v1, i1, t1 = questions(), cpu(p.pid), cpu(server), sleeps(server), idle(), time.monotonic()
_, status, ru = os.wait4(p.pid, 0)
if status != 0:
    sys.exit(f"{cmd[0]} failed: status {status}")
n = q1 - q0
print(ru.ru_utime + ru.ru_stime, (c1 - c0) / n * 1e6, (s1 - s0) / n * 1e6, n / (t1 - t0), (v1 - v0) / n,
      (i1[0] - i0[0]) / (i1[1] - i0[1]), file=sys.stderr)
PY
}
