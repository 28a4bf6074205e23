"""A shopping cart: items, quantities and the final bill."""

from dataclasses import dataclass, field
from decimal import Decimal

from shop import pricing


@dataclass(frozen=True)
class Item:
    sku: str
    name: str
    unit_price: Decimal
    category: str = "default"


@dataclass
class Cart:
    items: dict = field(default_factory=dict)
    quantities: dict = field(default_factory=dict)
    code: str | None = None

    def add(self, item, quantity=1):
        if quantity <= 0:
            raise ValueError("quantity must be positive")
        self.items[item.sku] = item
        self.quantities[item.sku] = self.quantities.get(item.sku, 0) + quantity

    def remove(self, sku):
        self.items.pop(sku, None)
        self.quantities.pop(sku, None)

    def apply_code(self, code):
        pricing.discount(Decimal("0"), code)  # raises on an unknown code
        self.code = code

    def subtotal(self):
        total = Decimal("0")
        for sku, item in self.items.items():
            total += pricing.line_price(item.unit_price, self.quantities[sku])
        return total

    def total(self):
        """What the customer pays: each line less its share of the discount, plus its tax."""
        subtotal = self.subtotal()
        off = pricing.discount(subtotal, self.code)
        total = Decimal("0")
        for sku, item in self.items.items():
            share = pricing.line_price(item.unit_price, self.quantities[sku])
            if subtotal:
                share -= off * share / subtotal
            total += pricing.with_tax(share, item.category)
        return total

    def receipt(self):
        lines = []
        for sku, item in self.items.items():
            qty = self.quantities[sku]
            price = pricing.line_price(item.unit_price, qty)
            lines.append(f"{qty:>3} x {item.name:<20} {price:>9}")
        if self.code:
            lines.append(f"{'code ' + self.code.upper():>34}")
        lines.append(f"{'total incl. VAT':>24} {self.total():>9}")
        return "\n".join(lines)
