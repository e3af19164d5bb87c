#!/usr/bin/env python3
"""Issue #31's "Done when" through the real CLI: a 100,000-GPU and a 500,000-GPU GB300 NVL72
campus and a 262,144-GPU DGX H100 campus generate and validate with no error; their halls and
inter-hall links are in `stats --json`, and each hall holds whole pods with their spines (20
pods in 4 halls, 97 in 8, 128 in 8), so only spine-core links cross between halls.

Usage: campus-scale.py CLI OUTDIR
"""

import json
import os
import subprocess
import sys

CASES = [
    # (name, generate arguments, halls)
    ("gb300-100k", ["--gpus", "100008", "--server", "nvidia-gb300-nvl72", "--halls", "4"], 4),
    ("h100-262k", ["--gpus", "262144", "--server", "nvidia-dgx-h100", "--switch",
                   "nvidia-sn5600", "--halls", "8"], 8),
    ("gb300-500k", ["--gpus", "500040", "--server", "nvidia-gb300-nvl72", "--halls", "8"], 8),
]


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


def check(cli, outdir, name, args, halls):
    path = os.path.join(outdir, name + ".cds.json")
    gen = run([cli, "generate", *args, "-o", path])
    if gen.returncode != 0:
        return [f"{name}: generate exited {gen.returncode}: {gen.stderr.strip()[-500:]}"]
    problems = []
    # Each is a 3-tier fabric with at least a pod a hall: its spines stand in their pods' halls.
    if "only spine-core links of the compute fabric cross between halls" not in gen.stderr:
        problems.append(f"{name}: no hall holds its pods' spines: {gen.stderr.strip()[-500:]}")
    val = run([cli, "validate", path])
    errors = [line for line in val.stdout.splitlines() if line.startswith("error")]
    if val.returncode != 0 or errors:
        problems.append(f"{name}: validate exited {val.returncode} with {len(errors)} error(s), "
                        f"first: {errors[:3]}")
    stats = run([cli, "stats", path, "--json"])
    if stats.returncode != 0:
        return problems + [f"{name}: stats exited {stats.returncode}: {stats.stderr.strip()}"]
    s = json.loads(stats.stdout)
    gpus = int(args[args.index("--gpus") + 1])
    if s.get("gpus") != gpus:
        problems.append(f"{name}: {s.get('gpus')} GPUs, asked {gpus}")
    got = s.get("halls", [])
    if len(got) != halls:
        problems.append(f"{name}: {len(got)} halls, asked {halls}")
    if sum(h["gpus"] for h in got) != gpus:
        problems.append(f"{name}: the halls hold {sum(h['gpus'] for h in got)} GPUs of {gpus}")
    if any(h["gpus"] <= 0 or h["it_kw"] <= 0 for h in got):
        problems.append(f"{name}: a hall without GPUs or load: {got}")
    inter = s.get("inter_hall", {})
    if inter.get("links", 0) <= 0 or inter.get("optics", 0) <= 0:
        problems.append(f"{name}: no inter-hall links or optics: {inter}")
    # Every inter-hall link has a medium (validate above); none runs past a 2 km FR optic.
    if not 0 < inter.get("max_length_m", 0) <= 2000:
        problems.append(f"{name}: inter-hall max_length_m {inter.get('max_length_m')}")
    print(f"{name}: {gpus} GPUs in {len(got)} halls, {inter.get('links')} inter-hall links "
          f"up to {inter.get('max_length_m')} m, 0 errors" if not problems else
          "\n".join(problems))
    os.remove(path)
    return problems


def main():
    cli, outdir = sys.argv[1], sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    problems = []
    for name, args, halls in CASES:
        problems += check(cli, outdir, name, args, halls)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
