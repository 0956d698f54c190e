#!/bin/sh
# Prepare the virtual environment the README's commands run in: `.venv` next to this repository's
# pyproject.toml, with the bot installed in it (editable). `sh scripts/setup.sh test` adds the test tools.
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
    test) TARGET=".[test]" ;;
    *) say "usage: sh scripts/setup.sh [test]"; exit 2 ;;
esac

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
            $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
            $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
        fi
        "$PYTHON" -m venv "$VENV" || {
            say "cannot create a virtual environment with $PYTHON; install its venv module (python3-venv)."
            exit 2
        }
    fi
fi

STAMP="$VENV/.installed${EXTRA:+-$EXTRA}"
WANT="$("$VENV/bin/python" -c 'import hashlib, sys; print(hashlib.sha256(open("pyproject.toml", "rb").read()).hexdigest())')"
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT" ]; then
    say "installing warchest-bot${EXTRA:+ with its $EXTRA tools} into $VENV"
    "$VENV/bin/python" -m pip install --quiet -e "$TARGET"
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
        $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null || true
        $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libraqm0 libfribidi0 >/dev/null || true
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
        $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null || true
        $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null
    fi
    has_postgres || say "no PostgreSQL server: the PostgreSQL backend's tests will fail (install postgresql)."
fi
