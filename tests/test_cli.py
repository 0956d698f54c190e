import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _env_without_token(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    return env


def test_run_without_token_fails_with_one_clear_line(tmp_path):
    # Run from an empty folder so no .env is picked up.
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        cwd=tmp_path,
        env=_env_without_token(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "DISCORD_TOKEN" in lines[0] and ".env.example" in lines[0]
    assert "Traceback" not in proc.stderr


def test_console_script_run_without_token(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "warchest_bot.cli", "run"],
        cwd=tmp_path,
        env=_env_without_token(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "DISCORD_TOKEN" in proc.stderr and "Traceback" not in proc.stderr
