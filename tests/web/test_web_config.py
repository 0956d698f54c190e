"""WARCHEST_WEB and WARCHEST_WEB_URL: off unless set; a malformed value is one line naming the variable."""

from __future__ import annotations

import pytest

from warchest_bot.config import ConfigError, load_settings


def settings(monkeypatch, tmp_path, **env):
    monkeypatch.chdir(tmp_path)  # no .env of a developer's
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return load_settings(require_token=False)


def test_off_by_default(monkeypatch, tmp_path):
    s = settings(monkeypatch, tmp_path)
    assert s.web is None and s.web_url is None


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("127.0.0.1:8080", ("127.0.0.1", 8080)),
        ("[::1]:9000", ("::1", 9000)),
        ("localhost:1", ("localhost", 1)),
    ],
)
def test_host_and_port(monkeypatch, tmp_path, value, expected):
    s = settings(monkeypatch, tmp_path, WARCHEST_WEB=value, WARCHEST_WEB_URL="https://games.example.org/")
    assert s.web == expected and s.web_url == "https://games.example.org"


@pytest.mark.parametrize("value", ["8080", "host:", ":8080", "host:port", "host:70000", "host:0"])
def test_bad_address(monkeypatch, tmp_path, value):
    with pytest.raises(ConfigError, match="WARCHEST_WEB="):
        settings(monkeypatch, tmp_path, WARCHEST_WEB=value)


@pytest.mark.parametrize("value", ["games.example.org", "ftp://x", "https://a b"])
def test_bad_url(monkeypatch, tmp_path, value):
    with pytest.raises(ConfigError, match="WARCHEST_WEB_URL="):
        settings(monkeypatch, tmp_path, WARCHEST_WEB_URL=value)
