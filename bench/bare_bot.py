"""The bare bot the real-path benchmark measures Pawpost against: discord.py with one slash
command, `/character show`, that reads one row from SQLite and answers with an embed.

Run by `bench/real_path.py` as a subprocess: `python -m bench.bare_bot DISCORD_URL DATABASE`.
"""

from __future__ import annotations

import sqlite3
import sys

import discord
import yarl
from discord import app_commands

READY_LINE = "bare bot ready"


def point_at(url: str) -> None:
    """Send REST and gateway traffic to the benchmark's fake Discord, as Pawpost does."""
    base = url.rstrip("/")
    discord.http.Route.BASE = f"{base}/api/v10"
    gateway = yarl.URL(base.replace("http://", "ws://", 1) + "/gateway")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway


def make_client(database: str) -> discord.Client:
    """A client whose one command reads the presser's character and shows it in an embed."""
    connection = sqlite3.connect(database)
    client = discord.Client(intents=discord.Intents(guilds=True))
    tree = app_commands.CommandTree(client)
    character = app_commands.Group(name="character", description="Characters")

    @character.command(name="show", description="Show your character")
    async def show(interaction: discord.Interaction) -> None:
        row = connection.execute(
            "SELECT name, sheet FROM characters WHERE owner_id = ?", (interaction.user.id,)
        ).fetchone()
        if row is None:
            await interaction.response.send_message("You have no character.", ephemeral=True)
            return
        embed = discord.Embed(title=row[0], description=row[1])
        await interaction.response.send_message(embed=embed)

    tree.add_command(character)

    @client.event
    async def on_ready() -> None:
        for guild in client.guilds:
            tree.copy_global_to(guild=guild)
            await tree.sync(guild=guild)
        print(READY_LINE, flush=True)

    return client


def main() -> None:
    url, database = sys.argv[1], sys.argv[2]
    point_at(url)
    make_client(database).run("fake", log_handler=None)


if __name__ == "__main__":
    main()
