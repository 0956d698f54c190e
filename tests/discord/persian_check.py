"""Reading back everything the bot sent on the fake Discord, per audience, and checking its language.

Every text a player reads is collected: message contents (every version, edits too), button labels, select
placeholders and option labels/descriptions, attachment descriptions (alt text) and thread names. Each goes
to an audience: the public (posts in the server), or the one user a DM or a private (ephemeral) answer is
for.

Persian text is checked line by line: no Latin run (letters, digits, "/") stands outside a directional
isolate (U+2068 … U+2069), except Discord mentions, channel links and timestamps, which Discord draws
itself, and lines or labels made of notation only. (Latin inside isolates is a value filled in: a name, an
action, a game's title.) English text has no Persian letters at all (player names here are
Latin).

`overlay_catalogue` is the Persian catalogue with every message that is not translated yet replaced by a
marker in Persian letters followed by the English text in an isolate: with it, a test checks that every
message is *asked for* in the right language, whatever the translators have done so far."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from fakediscord import FakeDiscord

from warchest_bot import games as _games  # noqa: F401  (each game registers its own messages)
from warchest_bot.i18n import EN_MESSAGES, messages

FSI, PDI = "\u2068", "\u2069"
PERSIAN_LETTER = re.compile(r"[\u0600-\u06FF\uFB50-\uFDFF\uFE70-\uFEFF]")
LATIN_RUN = re.compile(r"[A-Za-z0-9/]+")
DISCORD_MARKUP = re.compile(r"<(?:@!?|@&|#)\d+>|<t:-?\d+(?::[tTdDfFR])?>|<a?:\w+:\d+>|https?://\S+")
MARKER = "«فا»"
NOTATION = re.compile(
    r"[A-Z][A-Za-z]|[a-z]\d{1,2}|x|deploy|recruit|move|attack|control|bolster|tactic|pass|initiative|decline"
    r"|army|draw|resign|pick|skip|end|x[a-z]\d{1,2}"
)
"""A word of the notation players type in /wc play (War Chest and Point-Buy Chess): unit codes, hexes and
squares, action words. A line or label made of notation only (a menu's action button, a list of legal
actions) stays Latin as a whole; inside a Persian sentence notation is isolated like any Latin text."""
ENGLISH_UNIT_NAME = re.compile(r"^[A-Z][a-z]+(?: [A-Z][a-z]+)? \([A-Z][A-Za-z]?(?: [a-z]\d)?\)$")
"""A unit's English name with its code, as the menus label a coin ("Light Cavalry (LC)"): the unit names
come from the games' engines until they are in the catalogue (issue 14, pictures helpers)."""
UNIT_NAMES_TRANSLATED = any(msg_id.startswith("unit.") for msg_id in messages("fa"))
"""Once the catalogue has Persian unit names, the menus must show them (no more English unit names)."""
AUTONYM = "فارسی"
"""Persian's own name: English text may name the language so (the language choices, /wc help)."""


def overlay_catalogue() -> dict[str, str]:
    """The Persian catalogue, with every untranslated message as ``«فا» ⁨English⁩``."""
    persian = dict(messages("fa"))  # (first: it imports the games, whose messages join EN_MESSAGES too)
    out = {msg_id: f"{MARKER} {FSI}{template}{PDI}" for msg_id, template in EN_MESSAGES.items()}
    out.update(persian)
    return out


@dataclass(frozen=True)
class Sent:
    audience: str | int
    """"public", or the id of the user it was for."""
    what: str
    """content, button, placeholder, option, alt, thread."""
    text: str
    message_id: int


def _audience(message: Any) -> str | int:
    if message.is_dm:
        return message.dm_recipient_id
    if message.ephemeral:
        return int(message.interaction_metadata["user"]["id"])
    return "public"


def sent_texts(fake: FakeDiscord) -> Iterator[Sent]:
    """Every text the bot sent (see the module docstring)."""
    bot_id = fake.bot_user.id
    for m in list(fake.messages.values()):
        if m.author.id != bot_id:
            continue
        who = _audience(m)
        for version in [*m.history, m.snapshot()]:
            if version["content"]:
                yield Sent(who, "content", version["content"], m.id)
            for att in version["attachments"]:
                if att.description:
                    yield Sent(who, "alt", att.description, m.id)
            for comp in _walk(version["components"]):
                if comp.get("label"):
                    yield Sent(who, "button", comp["label"], m.id)
                if comp.get("placeholder"):
                    yield Sent(who, "placeholder", comp["placeholder"], m.id)
                for opt in comp.get("options", ()):
                    yield Sent(who, "option", opt["label"], m.id)
                    if opt.get("description"):
                        yield Sent(who, "option", opt["description"], m.id)
    for channel in list(fake.channels.values()):
        if channel.is_thread:
            yield Sent("public", "thread", channel.name, channel.id)


def _walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for comp in components:
        yield comp
        yield from _walk(comp.get("components", []))


def outside_isolates(text: str) -> str:
    """``text`` without its isolated runs (nested too) and without Discord's own markup."""
    out, depth = [], 0
    for ch in DISCORD_MARKUP.sub(" ", text):
        if ch == FSI:
            depth += 1
        elif ch == PDI:
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def is_notation(text: str) -> bool:
    """Whether ``text`` is notation only (no Persian letters, every Latin word a notation word)."""
    words = re.findall(r"[A-Za-z]+\d*|\d+", text)
    return bool(words) and not PERSIAN_LETTER.search(text) and all(NOTATION.fullmatch(w) for w in words)


def persian_problems(text: str, skip_line: Any = lambda line: False) -> list[str]:
    """What is not Persian in ``text`` (empty: all of it is), leaving out the lines ``skip_line`` says."""
    problems = []
    for line in text.splitlines():
        if skip_line(line):
            continue
        bare = outside_isolates(line)
        latin = LATIN_RUN.findall(bare)
        if is_notation(line.strip().removeprefix("- ")):
            continue
        if not UNIT_NAMES_TRANSLATED and ENGLISH_UNIT_NAME.match(line.strip()):
            continue
        if latin:
            problems.append(f"Latin outside an isolate {latin}: {line!r}")
    return problems


def english_problems(text: str) -> list[str]:
    found = PERSIAN_LETTER.search(text.replace(AUTONYM, ""))
    return [f"Persian letters in English text: {text!r}"] if found else []


def check_languages(
    fake: FakeDiscord,
    languages: Mapping[str | int, str],
    *,
    skip_line: Any = lambda line: False,
) -> tuple[list[str], dict[str, int]]:
    """Check every text sent against the language of its audience (``languages``: "public" and user ids →
    "fa" | "en"), leaving out the Persian lines ``skip_line`` says. Returns the problems found and how many
    texts of each audience language were checked (Persian: lines not left out)."""
    problems: list[str] = []
    counts: dict[str, int] = {"fa": 0, "en": 0}
    for sent in sent_texts(fake):
        lang = languages[sent.audience]
        if lang == "fa":
            counts[lang] += sum(1 for line in sent.text.splitlines() if not skip_line(line))
            found = persian_problems(sent.text, skip_line)
        else:
            counts[lang] += 1
            found = english_problems(sent.text)
        problems += [f"{sent.audience} {sent.what} (message {sent.message_id}): {p}" for p in found]
    return problems, counts
