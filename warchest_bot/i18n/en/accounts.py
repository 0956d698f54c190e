"""English messages of a player's own settings (notifications, reminders, quiet hours, time zone, hands
by DM) and of direct messages.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- settings -----------------------------------------------------------------------------------------
    "error.bad_preferences": "Those settings are not valid.",
    "error.bad_notify": "Notifications can be sent by: {choices}.",
    "error.bad_reminders": "Reminder times are shares of the move time between 0 and 1, at most {limit} of them.",
    "error.bad_timezone": "I do not know the time zone “{timezone}”. Use a name like Europe/Berlin or Asia/Tehran.",
    "error.bad_quiet_hours": "Write quiet hours as a start and an end time, like 22:00-07:30.",
    "error.bad_hand_dms": "Hand messages can be switched on or off.",
    "error.bad_text_board": "The text board can be switched on or off.",
    "error.bad_preference_key": "The settings you can change are: {keys}.",
    "bot.settings.title": "Your settings:",
    "bot.settings.updated": "Your settings were saved:",
    "bot.settings.notify": "Reminders reach you by: {notify}.",
    "bot.settings.notify.dm": "direct message",
    "bot.settings.notify.mention": "a mention in the game's thread",
    "bot.settings.notify.both": "direct message and a mention in the game's thread",
    "bot.settings.reminders": "Reminders after {shares} of your move time.",
    "bot.settings.no_reminders": "No reminders.",
    "bot.settings.quiet": "Quiet hours: {quiet} ({timezone}).",
    "bot.settings.no_quiet": "No quiet hours (time zone {timezone}).",
    "bot.settings.hand_on": "Your hand in each game (what only you may see) comes by direct message after each move.",
    "bot.settings.hand_off": (
        "Your hand in each game (what only you may see) does not come by direct message; use /wc hand."
    ),
    "bot.settings.text_board_on": "Boards you ask for and your hand messages also come as text.",
    "bot.settings.text_board_off": "Boards come as pictures (with alt text); /wc board text:true gives one as text.",
    "bot.settings.bad_reminders": "Write reminder times as percentages of the move time, like 50, 90 (or off).",
    # --- direct messages ----------------------------------------------------------------------------------
    "bot.dm.closed": (
        "I cannot send you direct messages, so your hands (what only you may see of your games) will not come "
        "by DM. Use /wc hand in the server at any time to see one privately."
    ),
    "bot.dm.reopened_hand": (
        "I can send you direct messages again: your hand for game #{game_id} is in your DMs, and hands will "
        "come by DM from now on."
    ),
    # --- languages (issue 14: the user's and the server's language; lang helper) -------------------------
    "language.en": "English",
    "language.fa": "Persian (فارسی)",
    "bot.settings.language": "Language of what the bot sends you: {language}.",
    "error.bad_language": "That language is not available. The bot speaks: {choices}.",
    "bot.server.language": "This server's public posts (game threads, boards, announcements) are in {language}.",
    "bot.server.language_set": (
        "This server's public posts (game threads, boards, announcements) will be in {language} from now on. "
        "Each member chooses the language of what is sent to them with /wc my settings language:."
    ),
    "bot.server.not_admin": "Only a member with the Manage Server permission can choose this server's language.",
    "bot.server.only_in_server": "A server's language can only be chosen in that server.",
    "bot.help.language": (
        "Language: /wc my settings language: chooses English or فارسی (Persian) for what the bot sends you; "
        "server admins choose the language of public posts with /wc admin server language:."
    ),
    # --- end of languages ----------------------------------------------------------------------------------
    # --- card tables (/wc admin card_table; each game's own words about its table are in its folder) ----
    "bot.card_table.refused": "Nothing was changed. {reason}",
    "bot.card_table.not_admin": "Only a server admin (Manage Server) can change this server's card table.",
    "bot.card_table.too_big": "The file is too big for a card table ({size} bytes; at most {limit}).",
    "bot.card_table.unreadable": "I could not read the file: {filename}.",
    "bot.card_table.bad": "This file is not a card table the game can be played with.",
    "bot.card_table.none": "{game} has no card table a server can load. Games with one: {games}.",
    "bot.card_table.which": "Several games have card tables: say which one with game: ({games}).",
}
