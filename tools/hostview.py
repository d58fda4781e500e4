#!/usr/bin/env python3
"""The cluster migration seen from the host (issue #16 item 6, docs/testing.md).

  tools/hostview.py SOCKET CONSOLE_LOG N OUTPUT [--rounds R] [--timeout S] [--opposite]

Watches a run of the hostview guest (guest-tests/hostview.c, or
guest-tests/arm64/hostview64.c on qemu-system-aarch64) under
blmon.cluster_cpus=N on 2N CPUs. SOCKET is QEMU's own monitor
(-monitor unix:SOCKET,server,nowait), CONSOLE_LOG the file QEMU's serial
console goes to. For every "# hostview: cluster K round R" line of the
console it waits 200 ms, asks the monitor "info registers -a" and checks,
for each physical CPU p in 0..2N-1 (cluster p // N):
  - cluster K (active): it is not in the monitor's mode (AArch32: HYP,
    0x1a; AArch64: EL2, PSTATE.EL) and its PC is in the guest's RAM,
    below the monitor;
  - the other cluster (parked): it is in the monitor's mode and its PC is
    inside the monitor's memory.
QEMU shows an AArch32 core as R15=xxxxxxxx / PSR=xxxxxxxx ... svc32, an
AArch64 one as PC=xxxxxxxxxxxxxxxx / PSTATE=xxxxxxxx ---- EL1h; both are
read.
Both ranges come from the monitor's boot line
"[hyp] RAM: guest 40000000-5fdfffff, monitor 5fe00000-5fffffff".
One TAP line per CPU per round goes to OUTPUT ("ok M - round R cluster K:
CPU p ..."), then one that it saw the R rounds the guest announced
("# hostview: C CPUs, R rounds ...", else --rounds, default 4).
--opposite expects the other cluster active (a self-check: every CPU fails).
Ends when the guest's "N passed, N failed" line is out, QEMU closes the
monitor, or after --timeout seconds (default 300). Python 3 stdlib only.
"""
import argparse
import collections
import os
import re
import select
import socket
import sys
import time

RAM_RE = re.compile(r"\[hyp\] RAM: guest ([0-9a-f]+)-([0-9a-f]+), monitor ([0-9a-f]+)-([0-9a-f]+)")
ROUND_RE = re.compile(r"^# hostview: cluster (\d+) round (\d+)\s*$")
HEADER_RE = re.compile(r"^# hostview: (\d+) CPUs, (\d+) rounds")
SUMMARY_RE = re.compile(r"^\d+ passed, \d+ failed")
ANSI_RE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
MODES = {0x10: "usr", 0x11: "fiq", 0x12: "irq", 0x13: "svc", 0x16: "mon", 0x17: "abt",
         0x1a: "hyp", 0x1b: "und", 0x1f: "sys"}
HYP = 0x1a
PROMPT = "(qemu) "


class Tap:
    def __init__(self, path):
        self.f = open(path, "w")
        self.n = 0

    def line(self, ok, text):
        self.n += 1
        self.f.write("%s %d - %s\n" % ("ok" if ok else "not ok", self.n, text))
        self.f.flush()

    def close(self):
        self.f.write("1..%d\n" % self.n)
        self.f.close()


def guest_ended(console):
    """The console already has the guest's summary line."""
    try:
        with open(console, "rb") as f:
            text = f.read().decode("utf-8", "replace")
    except OSError:
        return False
    return re.search(r"^\d+ passed, \d+ failed", text, re.M) is not None


def connect(path, console, deadline):
    """The monitor socket, retried until it exists and answers; None when
    that takes until the deadline or the guest ends first."""
    while time.time() < deadline and not guest_ended(console):
        if os.path.exists(path):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                s.connect(path)
                return s
            except OSError:
                s.close()
        time.sleep(0.05)
    return None


def until_prompt(sock, deadline, need=""):
    """What the monitor says up to its next prompt (after `need`, if given);
    None if it closed or did not answer in time."""
    buf = ""
    while time.time() < deadline:
        sock.settimeout(max(0.01, deadline - time.time()))
        try:
            data = sock.recv(65536)
        except socket.timeout:
            break
        except OSError:
            return None
        if not data:
            return None
        buf += data.decode("utf-8", "replace")
        text = ANSI_RE.sub("", buf)
        if text.rstrip(" ").endswith("(qemu)") and need in text:
            return text
    return None


def parse_registers(text):
    """{cpu: (pc, (in_monitor, mode name))} from "info registers -a": blocks
    of CPU#p / ... R15=xxxxxxxx / PSR=xxxxxxxx -ZC- A svc32 (AArch32) or
    CPU#p / PC=xxxxxxxxxxxxxxxx ... / PSTATE=xxxxxxxx -Z-- EL1h (AArch64)."""
    cpus, cur = {}, None
    for line in text.replace("\r", "").split("\n"):
        m = re.match(r"^CPU#(\d+)", line)
        if m:
            cur = int(m.group(1))
            cpus[cur] = [None, None]
            continue
        if cur is None:
            continue
        m = re.search(r"\b(?:R15|PC)=([0-9a-fA-F]{8}|[0-9a-fA-F]{16})\b", line)
        if m:
            cpus[cur][0] = int(m.group(1), 16)
        m = re.match(r"^PSR=([0-9a-fA-F]{8})", line)
        if m:
            mode = int(m.group(1), 16) & 0x1f
            cpus[cur][1] = (mode == HYP, "%s mode (0x%02x)" % (MODES.get(mode, "?"), mode))
        m = re.match(r"^PSTATE=([0-9a-fA-F]{8})\s+\S+\s+(EL\d[ht])", line)
        if m:
            el = (int(m.group(1), 16) >> 2) & 3
            cpus[cur][1] = (el == 2, "%s (PSTATE %s)" % (m.group(2), m.group(1)))
    return {c: tuple(v) for c, v in cpus.items()}


def qemu_gone(sock):
    """True once QEMU closed its monitor (it ended); drops anything else it said."""
    while select.select([sock], [], [], 0)[0]:
        try:
            if not sock.recv(65536):
                return True
        except OSError:
            return True
    return False


class Console:
    """The console log's complete lines as it grows."""

    def __init__(self, path):
        self.path, self.f, self.part = path, None, ""

    def lines(self):
        if self.f is None:
            if not os.path.exists(self.path):
                return []
            self.f = open(self.path, "rb")
        data = self.f.read()
        if not data:
            return []
        text = self.part + data.decode("utf-8", "replace")
        out = text.split("\n")
        self.part = out.pop()
        return [ln.rstrip("\r") for ln in out]


def check_round(tap, regs, n, k, r, ram, opposite):
    glo, ghi, mlo, mhi = ram
    active = k ^ 1 if opposite else k
    for p in range(2 * n):
        c = p // n
        head = "round %d cluster %d: CPU %d (cluster %d, %s)" % (r, k, p, c,
                                                               "active" if c == active else "parked")
        if p not in regs or None in regs[p]:
            tap.line(False, "%s: not in QEMU's info registers -a" % head)
            continue
        pc, (in_monitor, mode) = regs[p]
        what = "%s, PC %08x" % (mode, pc)
        if c == active:
            ok = not in_monitor and glo <= pc <= ghi and pc < mlo
            tap.line(ok, "%s runs the guest: %s %s guest RAM %08x-%08x" %
                     (head, what, "in" if ok else "- want not hyp/EL2, PC in", glo, ghi))
        else:
            ok = in_monitor and mlo <= pc <= mhi
            tap.line(ok, "%s parked in the monitor: %s %s %08x-%08x" %
                     (head, what, "in" if ok else "- want hyp/EL2, PC in", mlo, mhi))
    extra = sorted(set(regs) - set(range(2 * n)))
    if extra:
        tap.line(False, "round %d cluster %d: QEMU has CPUs %s beyond the 2N = %d expected" %
                 (r, k, extra, 2 * n))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("socket")
    ap.add_argument("console")
    ap.add_argument("n", type=int, help="blmon.cluster_cpus")
    ap.add_argument("output")
    ap.add_argument("--rounds", type=int, default=None)
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--delay", type=float, default=0.2)
    ap.add_argument("--opposite", action="store_true")
    a = ap.parse_args()
    tap = Tap(a.output)
    if a.n < 1:
        tap.line(False, "N = %d: give blmon.cluster_cpus's N (1 or more)" % a.n)
        tap.close()
        return 1
    end = time.time() + a.timeout
    sock = connect(a.socket, a.console, min(end, time.time() + 30))
    if sock is None:
        tap.line(False, "no QEMU monitor at %s (QEMU ended or never listened)" % a.socket)
    elif until_prompt(sock, time.time() + 10) is None:
        tap.line(False, "QEMU's monitor at %s gave no prompt" % a.socket)
        sock.close()
        sock = None
    console = Console(a.console)
    ram, rounds, seen, done = None, a.rounds, [], False
    pending = collections.deque()
    while (pending or not done) and time.time() < end:
        if not pending:
            pending.extend(console.lines())
        if not pending:
            if sock is None or qemu_gone(sock):
                done = True
                pending.extend(console.lines())   # what it wrote last
            else:
                time.sleep(0.02)
            continue
        while pending:
            line = pending.popleft()
            m = RAM_RE.search(line)
            if m:
                ram = tuple(int(x, 16) for x in m.groups())
            m = HEADER_RE.match(line)
            if m and rounds is None:
                rounds = int(m.group(2))
            if SUMMARY_RE.match(line):
                done = True
            m = ROUND_RE.match(line)
            if not m:
                continue
            k, r = int(m.group(1)), int(m.group(2))
            if ram is None or sock is None:
                tap.line(False, "round %d cluster %d: %s" % (r, k, "no QEMU monitor to ask" if ram else
                                                             "no '[hyp] RAM: guest ..., monitor ...' line before it"))
                continue
            time.sleep(a.delay)
            pending.extend(console.lines())
            if any(ROUND_RE.match(ln) for ln in pending):
                tap.line(False, "round %d cluster %d: missed, the next round began before the watcher looked" % (r, k))
                continue
            try:
                sock.sendall(b"info registers -a\n")
                text = until_prompt(sock, time.time() + 10, need="CPU#")
            except OSError:
                text = None
            if text is None:
                tap.line(False, "round %d cluster %d: no answer to info registers -a" % (r, k))
                sock.close()
                sock = None
                continue
            check_round(tap, parse_registers(text), a.n, k, r, ram, a.opposite)
            seen.append(r)
    want = 4 if rounds is None else rounds
    tap.line(len(seen) >= want and want > 0,
             "saw %d of the %d rounds (%s)" % (len(seen), want, "timed out" if not done else "the run ended"))
    tap.close()
    if sock is not None:
        sock.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
