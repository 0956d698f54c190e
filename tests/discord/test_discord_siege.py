"""War Chest with the Siege expansion end to end on the fake Discord: `/wc new expansions:siege` (and
`nobility,siege`) opens a game whose options carry the expansion, the board post's alt text names the
forts the service's public view has, moves are played through /wc play, and the rules guide answers on
the expansion and its units."""

from __future__ import annotations

import pytest
from test_alt_text import described
from test_discord_two_player import start_challenge
from test_pointbuy import ask
from wc_helpers import PNG, World

from warchest_bot.games.alt_text import listing


@pytest.mark.parametrize("expansions", ["siege", "nobility,siege"])
async def test_a_siege_game_is_opened_shows_its_forts_and_is_played(world: World, expansions: str) -> None:
    game_id = await start_challenge(world, world.alice, world.bob, units="random", expansions=expansions)
    info = await world.service.get_game(game_id)
    assert info.options["expansions"] == expansions
    public = await world.service.view(game_id, None)
    assert len(public["forts"]) == 4  # the default map: two facing pairs of locations
    first = await world.board_post(info, 0)
    assert first.attachments[0].data.startswith(PNG)
    assert f"Forts on {listing(public['forts'], 'en')}." in described(first)

    place = world.place(info)
    for _ in range(6):  # a few plies through /wc play; each is accepted and posted with the forts named
        info, user, legal = await world.to_act(game_id)
        action = world.rng.choice(legal)
        answer = await world.play_slash(game_id, action.text, user, place)
        assert answer.ephemeral and action.text in answer.content
        post = await world.board_post(info, info.ply + 1)
        forts = (await world.service.view(game_id, None))["forts"]
        text = described(post)
        assert (f"Forts on {listing(forts, 'en')}." if forts else "No forts on the board.") in text
    assert (await world.service.get_game(game_id)).ply == info.ply + 1


async def test_the_rules_guide_answers_on_siege_and_its_units(world: World) -> None:
    page = await ask(world, world.dave, "wc rules", {"topic": "siege"})
    assert "**Forts:**" in page.content and "Sapper" in page.content
    card = await ask(world, world.dave, "wc rules", {"unit": "Trebuchet"})
    assert card.attachments[0].data.startswith(PNG)
    assert described(card).startswith("The card of the Trebuchet:")
