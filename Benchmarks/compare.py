#!/usr/bin/env python3
"""Runs Relay's benchmarks and prints one table: per scenario, each library's median cost per
operation and allocations per operation, its ratio to hand-written code and to Relay, and
whether Relay meets issue 5's targets.

    ./compare.py                        # build (release), run everything, print the table
    ./compare.py --filter 'S0[12].*'    # only some scenarios (package-benchmark's --filter:
                                        # a regular expression that must match a whole name
                                        # without its tags, e.g. "S01 cached singleton")
    ./compare.py --markdown             # the table as Markdown, as RESULTS.md holds it
    ./compare.py --jmh results/x.json   # print the table of an earlier run, without running
    ./compare.py --runs 3 --write-results
                                        # three runs, each figure the best of the three medians,
                                        # written to RESULTS.md with the machine and toolchain

Each run's raw export is kept in results/ (ignored by git). Benchmark names carry their library
and the number of operations in one sample as tags, "S01 cached singleton (library: Relay,
ops: 1000)"; the per-operation figures are a sample's median divided by that count. With
--runs N, each library's figure in each scenario is the lowest of the N runs' medians: what other
processes on the machine add only ever raises a median, so the lowest is the closest to the code's
own cost.
"""

import argparse
import datetime
import json
import os
import pathlib
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
LIBRARIES = ["hand-written", "hand-written-owned", "Relay", "Swinject", "swift-dependencies"]
# The floor a caller that receives an owned reference cannot go below (see Library.swift): measured
# for the singleton scenarios, and shown beside the strict floor in the targets.
OWNED = "hand-written-owned"
NAME = re.compile(r"^package\.benchmark\.(?P<target>[^.]+)\.(?P<name>.*)_\((?P<tags>library:.*)\)$")

# Relay's targets from issue 5: (scenario, most Relay may cost next to hand-written, allocations).
# "objects" allows the allocations hand-written code makes (the objects built) and no more.
RATIO_TARGETS = {
    "S01": (3.0, "zero"),
    "S02": (2.0, "objects"),
    "S03": (2.0, "objects"),
    "S04": (2.0, None),
    "S05": (2.0, None),
    "S07": (2.0, None),
}
SCALING_TARGET = 1.5  # S06: aggregate throughput on two threads over one thread
ASYNC_CACHED_TARGET = 1.5  # S10: Relay's async cached resolve over its sync one (S01), issue 12
START_TARGET = 1.3  # S12: start() of ten 50 ms async eager singletons over one of them, issue 12
START_SLOWEST_NS = 50_000_000
CALLER_EXECUTOR_TARGET = 1.5  # S13, S14: Relay's async cached resolve over a nonsending getter, issue 21
UNIT_TARGET = 2.0  # S15: a unit of work with three services over hand-written code, issue 22
UNIT_RESOLVE_TARGET = 1.5  # S16: a built unit-of-work resolve over Relay's cached singleton (S01), issue 22
FLATNESS_TARGET = 1.25  # S08: cost among 10,000 registrations over cost among 10


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--filter", action="append", default=[], help="scenarios to run (regex on the base name)")
    parser.add_argument("--jmh", type=pathlib.Path, help="read this JMH export instead of running")
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables")
    parser.add_argument("--json", type=pathlib.Path, help="also write the figures to this file")
    parser.add_argument("--runs", type=int, default=1, help="run this many times; keep each figure's best median")
    parser.add_argument("--write-results", action="store_true", help="write RESULTS.md (implies --markdown)")
    parser.add_argument("--relay-revision", help="the Relay commit measured, for RESULTS.md (default: git)")
    arguments = parser.parse_args()

    load_before = load_average()
    paths = arguments.jmh and [arguments.jmh] or [run(arguments.filter) for _ in range(arguments.runs)]
    results = best_of([parse(json.loads(path.read_text())) for path in paths])
    if not results:
        sys.exit(f"no results in {', '.join(map(str, paths))}")
    if arguments.write_results:
        context = {
            "runs": len(paths),
            "load": f"{load_before} before, {load_average()} after",
            "revision": arguments.relay_revision or relay_revision(),
        }
        write_results_file(results, context)
    print_table(results, arguments.markdown or arguments.write_results)
    print()
    print_targets(results, arguments.markdown or arguments.write_results)
    if arguments.json:
        arguments.json.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")


def best_of(runs):
    """Each library's figures in each scenario from the run where its median was lowest."""
    best = {}
    for results in runs:
        for scenario, entry in results.items():
            target = best.setdefault(scenario, {"title": entry["title"], "libraries": {}})
            for library, figures in entry["libraries"].items():
                kept = target["libraries"].get(library)
                if kept is None or figures["ns"] < kept["ns"]:
                    target["libraries"][library] = figures
    return dict(sorted(best.items()))


class redirect:
    """Sends print() to a file for the duration of a with block."""

    def __init__(self, output):
        self.output = output

    def __enter__(self):
        self.saved, sys.stdout = sys.stdout, self.output

    def __exit__(self, *_):
        sys.stdout = self.saved


def command_output(command, cwd=HERE):
    try:
        return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def load_average():
    try:
        return " ".join(pathlib.Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def relay_revision():
    revision = command_output(["git", "rev-parse", "--short", "HEAD"], cwd=HERE.parent)
    if revision != "unknown" and command_output(["git", "status", "--porcelain", "--", "Sources"], cwd=HERE.parent):
        revision += " with uncommitted changes to Sources/"
    return revision


def machine():
    cpu = "unknown"
    try:
        for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = "unknown"
    try:
        for line in pathlib.Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                memory = f"{int(line.split()[1]) / 1024 / 1024:.0f} GiB"
    except OSError:
        pass
    return {
        "cores": str(os.cpu_count()),
        "cpu": cpu,
        "memory": memory,
        "kernel": command_output(["uname", "-sr"]),
        "toolchain": command_output(["swift", "--version"]).splitlines()[0],
    }


NOTES_MARKER = "<!-- Notes below this line are kept when compare.py rewrites the file. -->"


def write_results_file(results, context):
    """Rewrites RESULTS.md above NOTES_MARKER, keeping the notes written below it."""
    path = HERE / "RESULTS.md"
    notes = ""
    if path.exists():
        text = path.read_text()
        if NOTES_MARKER in text:
            notes = text[text.index(NOTES_MARKER) + len(NOTES_MARKER):]
    with path.open("w") as output, redirect(output):
        write_results(results, context)
        print_table(results, True)
        print()
        print_targets(results, True)
        print()
        print(NOTES_MARKER, end="")
        print(notes or "\n", end="")
    print(f"wrote {path}", file=sys.stderr)


def write_results(results, context):
    facts = machine()
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print("# Benchmark results")
    print()
    print("Everything above the notes is written by `./compare.py --runs N --write-results` (see README.md).")
    print()
    print(f"- Date: {now}")
    print(f"- Machine: {facts['cores']} cores ({facts['cpu']}), {facts['memory']}, {facts['kernel']}")
    print(f"- Toolchain: {facts['toolchain']}, release build through package-benchmark 1.38.1 "
          "(MallocInterposer trait)")
    print(f"- Relay: {context['revision']}; Swinject 2.10.0; swift-dependencies 1.17.1")
    print(f"- Runs: {context['runs']}, each figure the lowest of the runs' medians; load average "
          f"{context['load']}")
    print()
    print("Time is the median wall clock per operation; allocations are per operation; ratios are "
          "of medians. See README.md for what one operation is in each scenario.")
    print()


def run(filters):
    """Runs package-benchmark with a JMH export, and returns the export's path."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    directory = HERE / "results" / stamp
    directory.mkdir(parents=True, exist_ok=True)
    command = [
        "swift", "package", "--disable-sandbox", "benchmark",
        "--no-progress", "--format", "jmh", "--path", str(directory),
    ]
    for pattern in filters:
        command += ["--filter", pattern]
    log = directory / "run.log"
    print(f"running: {' '.join(command)}\n(log: {log})", file=sys.stderr)
    with log.open("w") as output:
        status = subprocess.run(command, cwd=HERE, stdout=output, stderr=subprocess.STDOUT).returncode
    if status != 0:
        sys.stderr.write(log.read_text()[-4000:])
        sys.exit(f"benchmark run failed ({status}); see {log}")
    exports = sorted(directory.glob("*.jmh.json"))
    if not exports:
        sys.exit(f"the run wrote no JMH export; see {log}")
    return exports[0]


def parse(elements):
    """{scenario: {"title": ..., "libraries": {library: {"ns": ..., "mallocs": ..., ...}}}}"""
    results = {}
    for element in elements:
        match = NAME.match(element["benchmark"])
        if not match:
            continue
        tags = dict(tag.split(":_", 1) for tag in match["tags"].split(",_"))
        operations = int(tags["ops"])
        scenario, _, title = match["name"].replace("_", " ").partition(" ")
        metrics = element["secondaryMetrics"]
        # JMH divides time by 1,000 (ns to µs): a sample's nanoseconds are the figure times 1,000.
        time = metrics["Time (wall clock)"]["scorePercentiles"]
        mallocs = metrics.get("Malloc (total)", {}).get("scorePercentiles", {})
        entry = results.setdefault(scenario, {"title": title, "libraries": {}})
        entry["libraries"][tags["library"]] = {
            "ns": time["50.0"] * 1000 / operations,
            "ns_p25": time.get("25.0", time["0.0"]) * 1000 / operations,
            "ns_p90": time["90.0"] * 1000 / operations,
            "ns_min": time["0.0"] * 1000 / operations,
            "mallocs": mallocs["50.0"] / operations if mallocs else None,
            "samples": len(metrics["Time (wall clock)"]["rawData"][0]),
            "operations": operations,
        }
    return dict(sorted(results.items()))


def ratio(value, reference):
    if value is None or not reference:
        return None
    return value / reference


def format_ns(value):
    if value is None:
        return "–"
    if value >= 100_000:
        return f"{value / 1000:,.0f} µs"
    if value >= 10_000:
        return f"{value / 1000:,.1f} µs"
    if value >= 100:
        return f"{value:,.0f} ns"
    return f"{value:.1f} ns"


def format_count(value):
    if value is None:
        return "–"
    if abs(value - round(value)) < 0.005:
        return f"{round(value):,}"
    return f"{value:,.2f}"


def format_ratio(value):
    if value is None:
        return "–"
    if value >= 100:
        return f"{value:,.0f}x"
    if value >= 10:
        return f"{value:.1f}x"
    if value >= 0.1:
        return f"{value:.2f}x"
    return f"{value:.2g}x"


def print_rows(header, rows, markdown, grouped=True):
    if markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "|".join(":---" if i < 2 else "---:" for i in range(len(header))) + "|")
        for row in rows:
            print("| " + " | ".join(row) + " |")
        return
    widths = [max(len(str(row[i])) for row in [header] + rows) for i in range(len(header))]
    line = lambda row: "  ".join(
        (cell.ljust(widths[i]) if i < 2 else cell.rjust(widths[i])) for i, cell in enumerate(row)
    )
    print(line(header))
    print("  ".join("-" * width for width in widths))
    previous = None
    for row in rows:
        if grouped and previous is not None and row[0] and row[0] != previous:
            print()
        previous = row[0] or previous
        print(line(row))


def print_table(results, markdown):
    header = ["scenario", "library", "median / op", "allocs / op", "vs hand-written", "vs Relay"]
    rows = []
    for scenario, entry in results.items():
        libraries = entry["libraries"]
        hand = libraries.get("hand-written", {}).get("ns")
        relay = libraries.get("Relay", {}).get("ns")
        first = True
        for library in LIBRARIES + sorted(set(libraries) - set(LIBRARIES)):
            if library not in libraries:
                continue
            figures = libraries[library]
            label = f"{scenario} {entry['title']}" if first else ""
            first = False
            rows.append([
                label,
                library,
                format_ns(figures["ns"]),
                format_count(figures["mallocs"]),
                format_ratio(ratio(figures["ns"], hand)),
                format_ratio(ratio(figures["ns"], relay)),
            ])
    print_rows(header, rows, markdown)

    derived = []
    scaling = thread_scaling(results)
    if scaling:
        derived.append(["S06 two threads / one thread"] + [format_ratio(scaling.get(library)) for library in LIBRARIES])
    value_scaling = thread_scaling(results, "S06c", "S06d")
    if value_scaling:
        derived.append(["S06 value: two threads / one"] + [format_ratio(value_scaling.get(library)) for library in LIBRARIES])
    flatness = registration_flatness(results)
    if flatness:
        derived.append(["S08 10,000 / 10 registrations"] + [format_ratio(flatness.get(library)) for library in LIBRARIES])
    if derived:
        print()
        print_rows(["derived"] + LIBRARIES, derived, markdown, grouped=False)


def thread_scaling(results, one_thread="S06a", two_threads="S06b"):
    """Aggregate throughput on two threads over that on one (S06b's cost per resolve is over both)."""
    one, two = results.get(one_thread, {}).get("libraries", {}), results.get(two_threads, {}).get("libraries", {})
    return {library: one[library]["ns"] / two[library]["ns"] for library in LIBRARIES if library in one and library in two}


def registration_flatness(results):
    small, large = results.get("S08a", {}).get("libraries", {}), results.get("S08c", {}).get("libraries", {})
    return {library: large[library]["ns"] / small[library]["ns"] for library in LIBRARIES if library in small and library in large}


def print_targets(results, markdown):
    """Relay against issue 5's targets, one line each.

    The status is judged against hand-written code as the issue defines it. Where the owned floor
    was measured too, its ratio follows, and a target missed only against the strict floor says so.
    """
    lines = []
    for scenario, (limit, allocations) in RATIO_TARGETS.items():
        libraries = results.get(scenario, {}).get("libraries", {})
        if "Relay" not in libraries or "hand-written" not in libraries:
            continue
        relay, hand = libraries["Relay"], libraries["hand-written"]
        value = relay["ns"] / hand["ns"]
        met = value <= limit
        detail = f"{format_ratio(value)} of hand-written (target ≤ {limit:g}x)"
        owned_met = None
        if OWNED in libraries:
            owned = relay["ns"] / libraries[OWNED]["ns"]
            owned_met = owned <= limit
            detail += f"; {format_ratio(owned)} of {OWNED}"
        allocations_met = True
        if allocations is not None and relay["mallocs"] is not None:
            allowed = 0 if allocations == "zero" else hand["mallocs"]
            allocations_met = relay["mallocs"] <= allowed + 0.005
            detail += f", {format_count(relay['mallocs'])} allocations per op (target ≤ {format_count(allowed)})"
        status = status_of(met and allocations_met, owned_met is not None and owned_met and allocations_met)
        lines.append((scenario, results[scenario]["title"], status, detail))
    scalings = thread_scaling(results)
    if "Relay" in scalings:
        scaling = scalings["Relay"]
        detail = f"aggregate throughput {format_ratio(scaling)} of one thread (target ≥ {SCALING_TARGET:g}x)"
        if OWNED in scalings:
            detail += f"; {OWNED} scales {format_ratio(scalings[OWNED])}"
        value_scaling = thread_scaling(results, "S06c", "S06d")
        if "Relay" in value_scaling:
            detail += f"; a value singleton scales {format_ratio(value_scaling['Relay'])}"
        lines.append(("S06", "two threads", status_of(scaling >= SCALING_TARGET, False), detail))
    flatness = registration_flatness(results).get("Relay")
    if flatness is not None:
        lines.append(("S08", "registrations", status_of(flatness <= FLATNESS_TARGET, False),
                      f"10,000 registrations cost {format_ratio(flatness)} of 10 (target ≤ {FLATNESS_TARGET:g}x)"))
    lines.extend(async_lines(results))
    if not lines:
        return
    if markdown:
        print("Relay against issues 5, 12, 21 and 22's targets:")
        print()
        print("| scenario | Relay | target |")
        print("|:---|:---|:---|")
        for scenario, title, status, detail in lines:
            shown = status if status in ("met", "measured") else f"**{status}**"
            print(f"| {scenario} {title} | {detail} | {shown} |")
    else:
        print("Relay against issues 5, 12, 21 and 22's targets")
        for scenario, title, status, detail in lines:
            print(f"  {status if status in ('met', 'measured') else status.upper():<24}  {scenario} {title}: {detail}")


def async_lines(results):
    """Relay against issue 12's and 21's targets: S10 against S01, S12 against its slowest factory,
    S13 and S14 against a hand-written nonsending getter, and S11 (no target) beside hand-written code."""
    lines = []
    relay = lambda scenario: results.get(scenario, {}).get("libraries", {}).get("Relay")
    hand = lambda scenario: results.get(scenario, {}).get("libraries", {}).get("hand-written")
    if relay("S10") and relay("S01"):
        value = relay("S10")["ns"] / relay("S01")["ns"]
        detail = f"{format_ratio(value)} of Relay's sync resolve (S01, target ≤ {ASYNC_CACHED_TARGET:g}x)"
        if hand("S10"):
            detail += f"; {format_ratio(relay('S10')['ns'] / hand('S10')['ns'])} of a hand-written awaited task"
        lines.append(("S10", results["S10"]["title"], status_of(value <= ASYNC_CACHED_TARGET, False), detail))
    if relay("S11") and hand("S11"):
        value = relay("S11")["ns"] / hand("S11")["ns"]
        lines.append(("S11", results["S11"]["title"], "measured",
                      f"{format_ratio(value)} of hand-written (one shared task); no target"))
    if relay("S12"):
        value = relay("S12")["ns"] / START_SLOWEST_NS
        detail = f"{format_ratio(value)} of the slowest factory (target ≤ {START_TARGET:g}x, one after another 10x)"
        if hand("S12"):
            detail += f"; {format_ratio(relay('S12')['ns'] / hand('S12')['ns'])} of a hand-written task group"
        lines.append(("S12", results["S12"]["title"], status_of(value <= START_TARGET, False), detail))
    for scenario in ("S13", "S14"):
        if relay(scenario) and hand(scenario):
            value = relay(scenario)["ns"] / hand(scenario)["ns"]
            detail = (f"{format_ratio(value)} of a hand-written nonisolated(nonsending) getter in another module "
                      f"(target ≤ {CALLER_EXECUTOR_TARGET:g}x)")
            if relay("S01"):
                detail += f"; {format_ratio(relay(scenario)['ns'] / relay('S01')['ns'])} of Relay's sync resolve"
            lines.append((scenario, results[scenario]["title"], status_of(value <= CALLER_EXECUTOR_TARGET, False), detail))
    if relay("S15") and hand("S15"):
        value = relay("S15")["ns"] / hand("S15")["ns"]
        detail = f"{format_ratio(value)} of hand-written code building and closing three (target ≤ {UNIT_TARGET:g}x)"
        hand_async = results["S15"]["libraries"].get("hand-written-async")
        status = status_of(value <= UNIT_TARGET, False)
        if hand_async:
            async_value = relay("S15")["ns"] / hand_async["ns"]
            detail += f"; {format_ratio(async_value)} of a hand-written async scope (task-local, async factories and teardowns)"
            # The synchronous floor has no task-local binding and no async teardown, which a unit
            # has by definition; the async scope is the like-for-like floor, so say which one is met.
            if value > UNIT_TARGET and async_value <= UNIT_TARGET:
                status = "met against hand-written-async only"
        lines.append(("S15", results["S15"]["title"], status, detail))
    if relay("S16") and relay("S01"):
        value = relay("S16")["ns"] / relay("S01")["ns"]
        lines.append(("S16", results["S16"]["title"], status_of(value <= UNIT_RESOLVE_TARGET, False),
                      f"{format_ratio(value)} of Relay's cached singleton resolve (S01, target ≤ {UNIT_RESOLVE_TARGET:g}x)"))
    return lines


def status_of(met, met_against_owned):
    if met:
        return "met"
    return f"met against {OWNED} only" if met_against_owned else "missed"


if __name__ == "__main__":
    os.environ.setdefault("NO_COLOR", "1")
    main()
