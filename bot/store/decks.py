"""The ``decks`` table: a member's saved decks per game, named (case-insensitively unique) and limited in
number."""

from __future__ import annotations

import json

from bot.db import INTEGRITY_ERRORS, advisory_key
from bot.store.connection import Connection
from bot.store.rows import DeckLimitReached, DeckNameTaken, DeckRow, deck_row, valid_id


async def list_decks(store: Connection, user_id: int, game: str | None = None) -> list[DeckRow]:
    sql = "SELECT * FROM decks WHERE user_id = ?" + (" AND game = ?" if game else "")
    params = (user_id, game) if game else (user_id,)
    return [deck_row(row) for row in await store.db.fetchall(sql + " ORDER BY updated_at DESC, id DESC", params)]


async def get_deck(store: Connection, user_id: int, name: str) -> DeckRow | None:
    row = await store.db.fetchone(f"SELECT * FROM decks WHERE user_id = ? AND {store.deck_name_is}",
                                 (user_id, name))
    return deck_row(row) if row else None


async def get_deck_by_id(store: Connection, user_id: int, deck_id: int) -> DeckRow | None:
    if not valid_id(deck_id):
        return None
    row = await store.db.fetchone("SELECT * FROM decks WHERE user_id = ? AND id = ?", (user_id, deck_id))
    return deck_row(row) if row else None


async def create_deck(store: Connection, *, user_id: int, game: str, name: str, cards: dict[str, int], now: float,
                      limit: int) -> DeckRow:
    """Insert a deck; the count check and the insert are one transaction, so two concurrent
    creations cannot pass the limit together. Raises DeckLimitReached or DeckNameTaken."""
    async with store.db.transaction() as tx:
        await tx.lock(advisory_key("decks", user_id))
        if await tx.fetchval("SELECT COUNT(*) FROM decks WHERE user_id = ?", (user_id,)) >= limit:
            raise DeckLimitReached()
        try:
            deck_id = await tx.fetchval(
                "INSERT INTO decks (user_id, game, name, cards, created_at, updated_at) VALUES (?,?,?,?,?,?)"
                " RETURNING id", (user_id, game, name, json.dumps(cards, sort_keys=True), now, now))
        except INTEGRITY_ERRORS as error:
            raise DeckNameTaken() from error
    return await get_deck_by_id(store, user_id, deck_id)


async def save_deck_cards(store: Connection, user_id: int, deck_id: int, cards: dict[str, int], now: float) -> bool:
    changed = await store.db.execute(
        "UPDATE decks SET cards = ?, updated_at = ? WHERE id = ? AND user_id = ?",
        (json.dumps(cards, sort_keys=True), now, deck_id, user_id))
    return changed == 1


async def rename_deck(store: Connection, user_id: int, deck_id: int, name: str, now: float) -> bool:
    """False if the name is taken by another of the user's decks."""
    try:
        changed = await store.db.execute("UPDATE decks SET name = ?, updated_at = ? WHERE id = ? AND user_id = ?",
                                        (name, now, deck_id, user_id))
    except INTEGRITY_ERRORS:
        return False
    return changed == 1


async def delete_deck(store: Connection, user_id: int, deck_id: int) -> bool:
    if not valid_id(deck_id):
        return False
    return await store.db.execute("DELETE FROM decks WHERE id = ? AND user_id = ?", (deck_id, user_id)) == 1
