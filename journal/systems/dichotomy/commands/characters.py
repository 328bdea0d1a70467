"""Characters: creation, special abilities, wealth, XP spent on ties, adventuring equipment."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from journal.errors import NotAuthorized, RuleViolation
from journal.events.envelope import Event
from journal.i18n import N_, _
from journal.service.context import Context
from journal.service.journal import Journal
from journal.systems.dichotomy import events, names, rules
from journal.systems.dichotomy.commands._common import name, own, run, state


def create_character(
    journal: Journal,
    campaign: str,
    character_name: str,
    attributes: Mapping[str, int],
    abilities: Sequence[str],
    motives: Sequence[str],
    wealth: str,
    player: str | None = None,
    actor: str | None = None,
) -> Event:
    """A new character: pairs summing to 11, three starting abilities one per pair, two motives.

    The player is the actor unless the GM records it for another member; ``wealth`` is the level the GM set.
    """
    new_name = name("character name", character_name)
    typed: dict[str, int] = {names.attribute(key): value for key, value in attributes.items()}
    chosen = [names.ability(text) for text in abilities]
    held = [names.motive(text) for text in motives]
    level = names.wealth(wealth)

    def decide(ctx: Context) -> list:
        current = state(ctx)
        owner = ctx.actor if player is None else name("player", player)
        if owner != ctx.actor and not ctx.is_master:
            raise NotAuthorized(_("only the GM may create a character for another member ('{actor}' is a player)")
                                .format(actor=ctx.actor))
        if owner not in ctx.campaign["members"]:
            raise RuleViolation(N_("dichotomy: played by a member"), _("'{owner}' is not a member of '{name}'")
                                                                     .format(owner=owner, name=ctx.name))
        rules.check_new_name(new_name, current["characters"])
        created = rules.create_character(typed, chosen, held)
        adventures = current["adventures"]
        return [events.CharacterCreated(
            name=new_name, player=owner, attributes=events.Attributes(**typed),
            abilities=[events.Ability(name=a, attribute=attr) for a, attr in created.abilities],
            motives=held, wealth=level, carrying_capacity=created.carrying_capacity,
            first_adventure=rules.next_adventure(adventures["started"], adventures["ended"]),
        )]

    return run(journal, campaign, decide, actor)


def gain_ability(journal: Journal, campaign: str, character_name: str, ability: str, actor: str | None = None) -> Event:
    """A special ability learned: under its cap, pairs balanced, at most 9; the Monster Slayer bonus after it."""
    learned = names.ability(ability)

    def decide(ctx: Context) -> list:
        sheet = own(ctx, character_name, "record an ability")
        rules.check_in_play(character_name, sheet["status"])
        gain = rules.gain_ability(sheet["attributes"], [a["name"] for a in sheet["abilities"]], learned)
        return [events.AbilityGained(
            character=character_name, ability=events.Ability(name=learned, attribute=gain.attribute),
            abilities=gain.abilities, monster_slayer_bonus=gain.monster_slayer_bonus,
        )]

    return run(journal, campaign, decide, actor)


def change_wealth(journal: Journal, campaign: str, character_name: str, level: str, actor: str | None = None) -> Event:
    """Between adventures, at the player's wish, the wealth level changes."""
    wanted = names.wealth(level)

    def decide(ctx: Context) -> list:
        sheet = own(ctx, character_name, "change the wealth level")
        adventures = state(ctx)["adventures"]
        rules.check_wealth_change(sheet["wealth"], wanted, adventures["started"], adventures["ended"])
        return [events.WealthChanged(character=character_name, previous=sheet["wealth"], level=wanted)]

    return run(journal, campaign, decide, actor)


def spend_xp(
    journal: Journal, campaign: str, character_name: str, connection: str, cost: int | None = None,
    reason: str = "", actor: str | None = None,
) -> Event:
    """XP spent on a tie: Cottage, Assistant, Notability 5 each; any other tie at the agreed ``cost``."""
    tie = name("connection", connection)

    def decide(ctx: Context) -> list:
        sheet = own(ctx, character_name, "spend XP")
        amount = rules.connection_cost(tie, cost)
        rules.spend_xp(sheet["xp"]["balance"], amount)
        return [events.XpSpent(character=character_name, amount=amount, connection=tie, reason=reason)]

    return run(journal, campaign, decide, actor)


def pack_equipment(
    journal: Journal, campaign: str, character_name: str, items: Sequence[str], actor: str | None = None
) -> Event:
    """The adventuring equipment now carried (clothing, weapons, armour do not count), within capacity."""
    packed = [name("item", item) for item in items]

    def decide(ctx: Context) -> list:
        sheet = own(ctx, character_name, "pack equipment")
        rules.check_load(len(packed), sheet["carrying_capacity"])
        return [events.EquipmentPacked(character=character_name, items=packed, capacity=sheet["carrying_capacity"])]

    return run(journal, campaign, decide, actor)
