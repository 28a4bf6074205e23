"""Prints the receipt of a sample order.

    python3 main.py [--code CODE] [SKU=QTY ...]
"""

import argparse
import sys
from decimal import Decimal

from shop.cart import Cart, Item

CATALOGUE = {
    "A100": Item("A100", "Coffee beans 1kg", Decimal("18.90"), "food"),
    "B200": Item("B200", "Paperback novel", Decimal("9.99"), "books"),
    "C300": Item("C300", "Espresso cups (2)", Decimal("14.50")),
}

DEFAULT_ORDER = ["A100=2", "B200=1", "C300=3"]


def parse_order(specs):
    """Turns ["SKU=QTY", ...] into [(Item, int), ...]."""
    order = []
    for spec in specs:
        sku, _, qty = spec.partition("=")
        if sku not in CATALOGUE:
            raise SystemExit(f"unknown SKU {sku!r}; known: {', '.join(CATALOGUE)}")
        order.append((CATALOGUE[sku], int(qty or "1")))
    return order


def main(argv):
    parser = argparse.ArgumentParser(description="Print a receipt.")
    parser.add_argument("--code", help="a discount code, e.g. WELCOME10")
    parser.add_argument("order", nargs="*", default=DEFAULT_ORDER, help="SKU=QTY")
    args = parser.parse_args(argv)

    cart = Cart()
    for item, qty in parse_order(args.order):
        cart.add(item, qty)
    if args.code:
        cart.apply_code(args.code)
    print(cart.receipt())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
