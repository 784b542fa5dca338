"""Thirty days of daily stock prices, today's intraday quote, and daily exchange rates against USD."""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from math import exp

from tools.sandbox.markets import LISTINGS
from tools.sandbox.prices import USD_RATES
from tools.sandbox.seeding import HISTORY_DAYS, GenContext

VOLATILITY = {"Technology": 0.022, "Communication Services": 0.02, "Consumer Discretionary": 0.021,
              "Financials": 0.014, "Health Care": 0.011, "Consumer Staples": 0.009, "Industrials": 0.017,
              "Energy": 0.015, "Materials": 0.018, "Fund": 0.008}
FX_VOLATILITY = {"TRY": 0.006, "EGP": 0.005, "BRL": 0.008, "MXN": 0.006, "HKD": 0.0004, "AED": 0.0001}


def _price(value: float) -> float:
    return round(value, 0) if value >= 10000 else round(value, 2)


def _stocks(ctx: GenContext) -> tuple[list[tuple], list[tuple]]:
    rng = ctx.rng("finance:stocks")
    history_days = ctx.days(HISTORY_DAYS, start_offset=-HISTORY_DAYS)
    sessions = [d for d in history_days if d.weekday() < 5]
    prices, quotes = [], []
    for listing in LISTINGS:
        sigma = VOLATILITY[listing.sector]
        close = listing.level * exp(rng.gauss(0, 0.06))
        base_volume = rng.randint(2, 60) * 1_000_000
        for day in sessions:
            open_ = close * exp(rng.gauss(0, sigma / 3))
            close = open_ * exp(rng.gauss(0.0003, sigma))
            high = max(open_, close) * (1 + abs(rng.gauss(0, sigma / 2)))
            low = min(open_, close) * (1 - abs(rng.gauss(0, sigma / 2)))
            volume = int(base_volume * rng.uniform(0.6, 1.6))
            prices.append((listing.symbol, day.isoformat(), _price(open_), _price(high), _price(low), _price(close),
                           volume))
        if ctx.today.weekday() < 5:
            last = close * exp(rng.gauss(0, sigma * 0.7))
            day_high = max(close, last) * (1 + abs(rng.gauss(0, sigma / 3)))
            day_low = min(close, last) * (1 - abs(rng.gauss(0, sigma / 3)))
            as_of = f"{ctx.today.isoformat()}T14:30"
            volume = int(base_volume * rng.uniform(0.3, 0.8))
        else:
            last, day_high, day_low, volume = close, close, close, 0
            last_session = ctx.today - timedelta(days=ctx.today.weekday() - 4)
            as_of = f"{last_session.isoformat()}T16:00"
        quotes.append((listing.symbol, _price(last), _price(close), _price(day_high), _price(day_low), volume, as_of))
    return prices, quotes


def _fx(ctx: GenContext) -> list[tuple]:
    rng = ctx.rng("finance:fx")
    rows = []
    for currency, level in USD_RATES.items():
        sigma = 0.0 if currency == "USD" else FX_VOLATILITY.get(currency, 0.0035)
        walk = [1.0]
        for _ in range(HISTORY_DAYS):
            walk.append(walk[-1] * exp(rng.gauss(0, sigma)))
        # anchor today's rate near the reference level, so conversions match the other domains' prices
        scale = walk[-1]
        for offset, value in zip(range(-HISTORY_DAYS, 1), walk, strict=True):
            day = ctx.today + timedelta(days=offset)
            rows.append((day.isoformat(), currency, round(level * value / scale, 6)))
    return rows


def generate(conn: sqlite3.Connection, ctx: GenContext) -> None:
    conn.executemany("INSERT INTO tickers VALUES (?,?,?,?,?)",
                     [(x.symbol, x.name, x.exchange, x.currency, x.sector) for x in LISTINGS])
    prices, quotes = _stocks(ctx)
    conn.executemany("INSERT INTO stock_prices VALUES (?,?,?,?,?,?,?)", prices)
    conn.executemany("INSERT INTO quotes VALUES (?,?,?,?,?,?,?)", quotes)
    conn.executemany("INSERT INTO fx_rates VALUES (?,?,?)", _fx(ctx))
