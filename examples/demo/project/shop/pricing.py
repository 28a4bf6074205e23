"""Prices, discount codes and taxes for the shop.

Every amount is a Decimal: binary floats cannot hold 0.10 exactly, and a
receipt that is off by a cent is a bug report.
"""

from decimal import ROUND_HALF_UP, Decimal

TAX_RATES = {
    "food": Decimal("0.055"),
    "books": Decimal("0.055"),
    "default": Decimal("0.20"),
}

CODES = {
    "WELCOME10": Decimal("0.10"),
    "SPRING5": Decimal("0.05"),
}

CENT = Decimal("0.01")


def to_money(value):
    """Rounds a Decimal to whole cents, halves away from zero."""
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def tax_rate(category):
    """The VAT rate of a product category."""
    return TAX_RATES.get(category, TAX_RATES["default"])


def line_price(unit_price, quantity):
    """Price of `quantity` items before tax."""
    if quantity < 0:
        raise ValueError("quantity must not be negative")
    return unit_price * quantity


def discount(subtotal, code):
    """The amount a discount code takes off a subtotal (0 without a code)."""
    if code is None:
        return Decimal("0")
    try:
        rate = CODES[code.upper()]
    except KeyError:
        raise KeyError(f"unknown discount code: {code}") from None
    return subtotal * rate


def with_tax(amount, category):
    """The amount including the tax of its category."""
    return amount * (1 + tax_rate(category))
