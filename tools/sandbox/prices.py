"""Reference price levels: exchange rates and how expensive each city is, so local prices look local."""

from __future__ import annotations

# Units of each currency per US dollar, close to late-2025 market levels; the finance generator moves
# them day to day and the other generators convert USD price levels with them.
USD_RATES: dict[str, float] = {
    "USD": 1.0, "EUR": 0.86, "GBP": 0.76, "JPY": 155.0, "CNY": 7.10, "HKD": 7.78, "KRW": 1460.0,
    "SGD": 1.30, "THB": 32.4, "CAD": 1.40, "AUD": 1.53, "CHF": 0.80, "AED": 3.6725, "INR": 88.7,
    "TRY": 42.4, "EGP": 47.3, "BRL": 5.35, "MXN": 18.4,
}

# How expensive a night, a meal or a gadget is relative to a mid-priced city (1.0).
COST_INDEX: dict[str, float] = {
    "beijing": 0.75, "shanghai": 0.85, "guangzhou": 0.7, "shenzhen": 0.75, "chengdu": 0.6, "xian": 0.55,
    "hangzhou": 0.7, "hong-kong": 1.25, "tokyo": 1.1, "osaka": 0.95, "seoul": 0.95, "singapore": 1.3,
    "bangkok": 0.55, "new-york": 1.55, "san-francisco": 1.5, "los-angeles": 1.3, "chicago": 1.2,
    "washington": 1.35, "toronto": 1.15, "mexico-city": 0.6, "sao-paulo": 0.65, "london": 1.45,
    "paris": 1.35, "berlin": 1.0, "madrid": 0.95, "barcelona": 1.05, "rome": 1.1, "amsterdam": 1.3,
    "zurich": 1.65, "istanbul": 0.6, "dubai": 1.2, "cairo": 0.4, "mumbai": 0.5, "delhi": 0.45,
    "sydney": 1.2, "melbourne": 1.1,
}

# Currencies whose prices are quoted without minor units in daily life.
WHOLE_UNITS = {"JPY": 10, "KRW": 100, "INR": 10, "EGP": 5, "THB": 10, "TRY": 10}


def local_price(usd: float, currency: str) -> float:
    """``usd`` in ``currency``, rounded the way prices are written there."""
    amount = usd * USD_RATES[currency]
    step = WHOLE_UNITS.get(currency)
    if step:
        return float(max(step, round(amount / step) * step))
    return round(amount, 0) if amount >= 20 else round(amount, 2)
