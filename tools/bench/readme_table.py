#!/usr/bin/python3
"""Turns `vkdml-bench --json` output into the Markdown tables of the README's performance section.

Usage: build/bin/vkdml-bench --json > bench.json && tools/bench/readme_table.py bench.json [SIZE_MIB]
SIZE_MIB (default: the run's target size, 64) picks the size of the operator table.
"""
import json
import sys


def ms(summary):
    if not summary:
        return "-"
    v = summary["median"] * 1e3
    return f"{v:.3g}" if v < 100 else f"{v:.0f}"


def us(seconds):
    return "-" if seconds is None else f"{seconds * 1e6:.2f}"


def ratio(v):
    if v is None:
        return "-"
    return f"{v:.2f}" if v >= 0.1 else f"{v:.2g}"


def main():
    with open(sys.argv[1]) as f:
        r = json.load(f)
    size = int(sys.argv[2]) if len(sys.argv) > 2 else r["settings"]["target_size_mib"]
    d = r["device"]
    print(f"Device: {d['name']} ({d['driver'] or d['type']}); load average start / end: "
          + next((n.split(': ', 1)[1] for n in r["notes"] if n.startswith("1-minute")), "?"))
    print()
    sizes = r["settings"]["sizes_mib"]
    gbps_cols = " | ".join(f"GB/s {m} MiB" for m in sizes)
    rule = "|---" * (len(sizes) + 1) + "|"
    print(f"| baseline | {gbps_cols} |")
    print(rule)
    for name in dict.fromkeys(b["name"] for b in r["baselines"]):
        row = {b["size_mib"]: b for b in r["baselines"] if b["name"] == name}
        print(f"| {name} | " + " | ".join(f"{row[m]['gbps']:.3g}" if m in row else "-" for m in sizes) + " |")
    print()
    verdicts = {}
    for t in r["targets"]:
        if t["size_mib"] == size:
            verdicts.setdefault(t["subject"], []).append(t["verdict"])
    cases = {}
    for c in r["cases"]:
        cases.setdefault(c["name"], {})[c["size_mib"]] = c
    # The u64vec2 copy (with shaderInt64; informational): its column is the case's ratio to the copy interleaved with
    # it, or, in JSON from before the bench interleaved that copy, the case's GB/s over the pooled baseline's.
    wide = next((b for b in r["baselines"] if b["name"] == "compute copy 4x u64vec2" and b["size_mib"] == size
                 and b["gbps"]), None)
    wide_head, wide_rule = (" x u64vec2 |", "---|") if wide else ("", "")
    # Its texel-loads build likewise (informational), where the JSON has it.
    texel = any(c.get("vs_compute_copy_texel") for c in r["cases"] if c["size_mib"] == size)
    texel_head, texel_rule = (" x texel |", "---|") if texel else ("", "")
    print(f"| case | launches | {gbps_cols} | {size} MiB: x copy | x kernel |{wide_head}{texel_head} x memcpy | "
          f"x numpy | targets |")
    print("|---" + rule[:-1] + "|---|---|" + wide_rule + texel_rule + "---|---|---|")
    for name, by_size in cases.items():
        c = by_size.get(size)
        if not c or c["error"]:
            print(f"| `{name}` | error: {c['error'] if c else 'not run'} |")
            continue
        v = verdicts.get(name, [])
        summary = "PASS" if v and all(x == "PASS" for x in v) else f"{v.count('MISS')} MISS" if v else "-"
        gb = " | ".join(f"{by_size[m]['gbps']:.3g}" if m in by_size and by_size[m]["gbps"] else "-" for m in sizes)
        wide_ratio = c.get("vs_compute_copy_u64vec2") or (c["gbps"] / wide["gbps"] if wide and c["gbps"] else None)
        wide_cell = f" {ratio(wide_ratio)} |" if wide else ""
        texel_cell = f" {ratio(c.get('vs_compute_copy_texel'))} |" if texel else ""
        print(f"| `{name}` | {c['launches']} | {gb} | {ratio(c['vs_copy_buffer'])} | {ratio(c['vs_compute_copy'])} |"
              f"{wide_cell}{texel_cell} {ratio(c['vs_memcpy'])} | {ratio(c['vs_numpy'])} | {summary} |")
    print()
    o = r.get("dispatch_overhead")
    if o and not o["error"]:
        print("| per dispatch (record + submit + wait) | wall (median) |")
        print("|---|---|")
        for key, name in (("empty_submit", "empty command buffer"), ("raw", "raw one-group dispatch"),
                          ("vkdml", "vkdml IDENTITY, 16 bytes")):
            print(f"| {name} | {us(o[key]['wall_s']['median'])} us |")
        print()
    if r.get("record_overhead"):
        print("| recording alone (CPU) | raw vkCmd* | vkdmlRecordDispatch | added |")
        print("|---|---|---|---|")
        for x in r["record_overhead"]:
            if not x["error"]:
                print(f"| {x['operator']} | {us(x['raw_cpu_s']['median'])} us | {us(x['vkdml_cpu_s']['median'])} us "
                      f"| {us(x['added_s'])} us |")
        print()
    if r.get("compile"):
        print("| create + compile | create | compile | first dispatch |")
        print("|---|---|---|---|")
        for c in r["compile"]:
            if not c["error"]:
                print(f"| {c['name']}, cold | {ms(c['create_first_s'])} ms | {ms(c['compile_cold_s'])} ms | "
                      f"{ms(c['first_dispatch_cold_s'])} ms |")
                print(f"| {c['name']}, kernel shared | {ms(c['create_second_s'])} ms | {ms(c['compile_shared_s'])} ms | "
                      f"{ms(c['first_dispatch_shared_s'])} ms |")
        print()
    s = r["summary"]
    print(f"Targets: {s['pass']} PASS, {s['miss']} MISS, {s['skip']} SKIP.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
