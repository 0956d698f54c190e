#!/bin/sh
# Prepare the virtual environment the README's commands run in: `.venv` next to this repository's
# pyproject.toml, with the bot installed in it (editable) at the dependency versions of constraints.txt.
# `sh scripts/setup.sh postgresql` adds the PostgreSQL driver (WARCHEST_DB=postgresql://...);
# `sh scripts/setup.sh test` adds the test tools (and the PostgreSQL driver, which the tests use).
#
# It prints a line per step; what apt-get and pip print is kept in a temporary log and shown (its end) only
# when a step fails, so every line a newcomer sees is either progress or a real error.
#
# System Pythons of Debian 12 / Ubuntu 24.04 refuse `pip install` outside a virtual environment, and
# Debian ships venv's pip bootstrap (ensurepip) separately: when it is missing this installs `python3-venv`
# with apt-get (as root, or through sudo) and tries again. Nothing is reinstalled while pyproject.toml is
# unchanged. Set PYTHON to choose the interpreter (default: python3, which must be 3.11 or newer).
set -eu
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
VENV=.venv
EXTRA="${1:-}"

say() { echo "setup: $*" >&2; }

case "$EXTRA" in
    "") TARGET="." ;;
    test | postgresql) TARGET=".[$EXTRA]" ;;
    *) say "usage: sh scripts/setup.sh [postgresql | test]"; exit 2 ;;
esac

LOG="$(mktemp)"
trap 'rm -f "$LOG"' EXIT
# quietly COMMAND...: run it with its output in $LOG; when it fails, show the end of that output and fail.
quietly() {
    if "$@" >"$LOG" 2>&1; then return 0; else status=$?; fi
    say "failed ($status): $*"
    tail -n 40 "$LOG" >&2
    return "$status"
}

if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    say "warchest-bot needs Python 3.11 or newer; '$PYTHON' is $("$PYTHON" --version 2>&1 || echo missing)."
    exit 2
fi

venv_works() { [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -m pip --version >/dev/null 2>&1; }

if ! venv_works; then
    rm -rf "$VENV"
    if ! "$PYTHON" -m venv "$VENV" >/dev/null 2>&1; then
        rm -rf "$VENV"
        # Debian/Ubuntu: venv without ensurepip. Install the python3-venv package, then try again.
        if command -v apt-get >/dev/null 2>&1; then
            if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
                say "cannot create a virtual environment: install python3-venv (as root: apt-get install python3-venv)."
                exit 2
            fi
            say "installing python3-venv with apt-get (needed to create $VENV)"
            quietly $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q
            quietly $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q python3-venv
        fi
        "$PYTHON" -m venv "$VENV" || {
            say "cannot create a virtual environment with $PYTHON; install its venv module (python3-venv)."
            exit 2
        }
    fi
fi

STAMP="$VENV/.installed${EXTRA:+-$EXTRA}"
WANT="$("$VENV/bin/python" -c 'import hashlib; print(hashlib.sha256(open("pyproject.toml", "rb").read() + open("constraints.txt", "rb").read()).hexdigest())')"
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT" ]; then
    say "installing warchest-bot${EXTRA:+ with $EXTRA} into $VENV (a minute or two the first time)"
    # -qq: pip's own warnings (about index locations, say) stay in the log; its errors fail the step.
    quietly "$VENV/bin/python" -m pip install -qq --progress-bar off -c constraints.txt -e "$TARGET"
    echo "$WANT" > "$STAMP"
fi

# Persian in pictures: Pillow's wheels carry the raqm text layout but load the system FriBiDi library at run
# time (and a Pillow built against the system libraqm needs that too). When Pillow reports no raqm, install
# libraqm0 (which brings libfribidi0) with apt-get, as python3-venv above; without it the bot falls back to
# the slower pure-Python shaping (arabic-reshaper + python-bidi) and says so at start-up.
has_raqm() { "$VENV/bin/python" -c 'import sys; from PIL import features; sys.exit(not features.check("raqm"))' 2>/dev/null; }
if ! has_raqm && command -v apt-get >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO=sudo; else SUDO=none; fi
    if [ "$SUDO" != none ]; then
        say "installing libraqm0 and libfribidi0 with apt-get (Persian text layout in pictures)"
        quietly $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q || true
        quietly $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q libraqm0 libfribidi0 || true
    fi
    has_raqm || say "Pillow has no raqm layout: Persian text in pictures uses the pure-Python fallback."
fi

# The tests run the storage and service suites on PostgreSQL too, against a throwaway server they start
# themselves (tests/pgserver.py: initdb + pg_ctl in a temporary folder). Install Debian's server when it
# is missing (only with `test`; the bot itself needs no local PostgreSQL).
has_postgres() { command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; }
if [ "$EXTRA" = test ] && ! has_postgres && command -v apt-get >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO=sudo; else SUDO=none; fi
    if [ "$SUDO" != none ]; then
        say "installing the PostgreSQL server with apt-get (the tests of the PostgreSQL backend)"
        quietly $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q || true
        quietly $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends postgresql
    fi
    has_postgres || say "no PostgreSQL server: the PostgreSQL backend's tests will fail (install postgresql)."
fi

# The web pages' browser test (tests/web/test_web_browser.py) drives headless Chromium through its
# chromedriver, both from Debian's packages (only with `test`; nothing is downloaded at run time: Selenium is
# given the system driver's path).
has_chromium() { command -v chromedriver >/dev/null 2>&1 && { command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; }; }
if [ "$EXTRA" = test ] && ! has_chromium && command -v apt-get >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO=sudo; else SUDO=none; fi
    if [ "$SUDO" != none ]; then
        say "installing chromium and chromium-driver with apt-get (the web pages' browser test)"
        quietly $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q || true
        quietly $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium chromium-driver
    fi
    has_chromium || say "no chromium or chromedriver: the web pages' browser test will fail (install chromium chromium-driver)."
fi
