#!/bin/sh
# Write constraints.txt: the exact versions of the bot's runtime dependencies (with the postgresql extra)
# that a fresh install resolves today, for reproducible deployments (`pip install -c constraints.txt ...`;
# scripts/setup.sh installs with it). Run it after changing the dependencies in pyproject.toml or to take
# new releases, then run the tests and commit constraints.txt with what the diff shows.
set -eu
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

"$PYTHON" -m venv "$TMP/venv"
"$TMP/venv/bin/python" - > "$TMP/wanted.txt" <<'PY'
import tomllib

with open("pyproject.toml", "rb") as f:
    project = tomllib.load(f)["project"]
extras = project["optional-dependencies"]
# The browser test's selenium too (its dependencies reach the network: pin them); not the other test tools.
browser = [d for d in extras["test"] if d.startswith("selenium")]
print("\n".join(project["dependencies"] + extras["postgresql"] + browser))
PY
"$TMP/venv/bin/python" -m pip install -qq -r "$TMP/wanted.txt"
{
    echo "# The versions of the runtime dependencies (and the postgresql extra, and the test extra's selenium) this release was tested with."
    echo "# Install with them: pip install -c constraints.txt '.[postgresql]' (scripts/setup.sh does)."
    echo "# Made by scripts/refresh-constraints.sh with $("$TMP/venv/bin/python" --version); run it again to refresh."
    "$TMP/venv/bin/python" -m pip freeze
} > constraints.txt
echo "refresh-constraints: wrote constraints.txt ($(grep -c '==' constraints.txt) pinned packages)" >&2
