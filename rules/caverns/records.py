"""The small records a Caverns sheet keeps: items carried, the implement, a Moon bond, market
orders, and Harmony skill results waiting for (or holding) their benefits."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from rules.caverns.attributes import Attribute
from rules.caverns.catalogue import ItemKind
from rules.caverns.party.harmony_skills import HarmonyBenefit, HarmonySkill


class Item(BaseModel):
    """Something a character carries; armour and other items may be broken (l. 316, 349)."""

    model_config = ConfigDict(frozen=True)

    name: str
    kind: ItemKind
    broken: bool = False


class Implement(BaseModel):
    """Book l. 381: the element rolled to Do Battle, and the different element opponents
    subtract (instead of Wood and Wind)."""

    model_config = ConfigDict(frozen=True)

    rolls: Attribute
    foes_subtract: Attribute


class MoonAspect(StrEnum):
    """What a Moon die points at (book l. 208): 1=Fire ... 5=Wind, 6=Damage."""

    FIRE = "fire"
    WATER = "water"
    WOOD = "wood"
    METAL = "metal"
    WIND = "wind"
    DAMAGE = "damage"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @property
    def attribute(self) -> Attribute | None:
        return None if self is MoonAspect.DAMAGE else Attribute(self.value)


class MoonBond(BaseModel):
    """While bonded with Moon: +1 to one aspect and -1 to another (they may be the same)."""

    model_config = ConfigDict(frozen=True)

    raised: MoonAspect
    lowered: MoonAspect

    def shift(self, aspect: MoonAspect) -> int:
        return (aspect is self.raised) - (aspect is self.lowered)


class OrderKind(StrEnum):
    """Book l. 303-305."""

    DELIVERY = "delivery"  # 10+: arrives at the next Short Rest, paid at the next Long Rest
    SURFACE = "surface"  # 7-9 (or 6- at ten times the price): bought at the next Long Rest


class MarketOrder(BaseModel):
    model_config = ConfigDict(frozen=True)

    item: str
    kind: ItemKind
    price: int = Field(ge=0)
    order: OrderKind
    arrived: bool = False
    unpaid: bool = False  # a delivery not paid at its Long Rest: no Ask on Market until returned
    quantity: int = Field(default=1, ge=1)  # rations and torches come several at a time
    withheld: bool = False  # its player will not pay for it at the next Long Rest (l. 306)

    @property
    def shown(self) -> str:
        """ "Ration ×5", or the item's name."""
        return self.item if self.quantity == 1 else f"{self.item} ×{self.quantity}"


class HarmonyPick(BaseModel):
    """A Harmony skill rolled at a rest, with how many benefits the roll allows."""

    model_config = ConfigDict(frozen=True)

    skill: HarmonySkill
    total: int
    allowed: int = Field(ge=0)


class BenefitRecord(BaseModel):
    """A benefit in force until the next rest; `detail` names the item or the ally; `uses`
    counts the free pieces of armour still to expend (Tallest Tree's two, Flow's one)."""

    model_config = ConfigDict(frozen=True)

    benefit: HarmonyBenefit
    detail: str = ""
    uses: int = Field(default=0, ge=0)


class Poisoning(BaseModel):
    """A victim's one pooled poisoning (book l. 389): the duration left (the potencies
    delivered, less one each poisoned action), the poisons whose effects it suffers (each once,
    in the order delivered), the actions taken while poisoned, and the "after three turns"
    poisons whose condition has already come."""

    model_config = ConfigDict(frozen=True)

    duration: int = Field(default=0, ge=0)
    poisons: tuple[str, ...] = ()
    actions: int = Field(default=0, ge=0)
    fired: tuple[str, ...] = ()


class Envenoming(BaseModel):
    """A weapon envenomed with one poison at a Short Rest (l. 389), until the next rest."""

    model_config = ConfigDict(frozen=True)

    weapon: str
    poison: str


class FatedOffer(BaseModel):
    """Twist Fate (l. 219): a die another character holds, offered for this character's next
    roll; the roller accepts it by rolling with it (until the holder's next Short Rest)."""

    model_config = ConfigDict(frozen=True)

    holder_id: int
    holder: str
    face: int = Field(ge=1, le=6)
