#!/usr/bin/env python3
"""The monitor's arrows point one way (docs/architecture.md): every
#include "x.h" of a monitor source names a header of its own folder or of a
folder below it in LAYERS. Prints one TAP line (for tools/lint.sh) and the
offending includes; exit status 1 on any.

A header is found the way the compiler finds it: by name, in the folders of
the include path (names are unique across them, which this also checks)."""
import glob
import os
import re
import sys

# Bottom first. A folder may include from its own and any folder before it.
LAYERS = [
    "include",      # the public headers: the ABI, the library API, the log
    "arch",         # the seam (arch/*.h) and the back ends that implement it
    "pmu",          # the PMU core: state machine, register file, Type B, SYNC
    "hyp/debug",    # the debug context
    "hyp/fdt",      # the device tree
    "hyp/vgic",     # the virtual GIC and the physical GIC driver
    "hyp/core",     # what the rest shares: per-CPU state, platform, options, log
    "hyp/switch",   # cluster switches, migration, SMP, the monitor's interrupts
    "hyp/exit",     # guest exits: HVC and PSCI dispatch, trapped registers, MMIO
    "hyp/init",     # the library's entry points: the subsystems put together
]


def files(layer, ext):
    """A layer's sources: arch/ is the seam and the back end built (ARCH)."""
    pattern = [layer + "/*." + ext]
    if layer == "arch":
        pattern.append("arch/" + os.environ.get("ARCH", "arm32") + "/*." + ext)
    return [f for p in pattern for f in glob.glob(p)]


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    owner, bad = {}, []
    for layer in LAYERS:
        for h in files(layer, "h"):
            name = os.path.basename(h)
            if name in owner:
                bad.append(f"{h}: the name is also a header of {owner[name]}")
            owner[name] = layer
    rank = {layer: i for i, layer in enumerate(LAYERS)}
    for layer in LAYERS:
        for src in sorted(files(layer, "[ch]")):
            with open(src, encoding="utf-8") as f:
                for n, line in enumerate(f, 1):
                    m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
                    if not m or m.group(1) not in owner:
                        continue
                    dep = owner[m.group(1)]
                    if rank[dep] > rank[layer]:
                        bad.append(f"{src}:{n}: includes {dep}/{m.group(1)}, a layer above {layer}")
    if bad:
        print(f"not ok - layers: {len(bad)} include(s) against the arrows (docs/architecture.md)")
        for b in bad:
            print("  " + b)
        return 1
    print(f"ok - layers: every include of {len(LAYERS)} folders points down (docs/architecture.md)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
