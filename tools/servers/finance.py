"""Finance MCP server: stock quotes and 30-day price history for real tickers, and currency conversion.

All prices are synthetic sandbox values around plausible levels, never market data.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BeforeValidator, Field

from tools.sandbox.seeding import HISTORY_DAYS
from tools.servers import lookup
from tools.servers.args import Day
from tools.servers.db import Answer, SandboxDB
from tools.servers.launcher import serve
from tools.servers.ticker_lookup import find_listing

READ = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=False)
CurrencyCode = Literal["USD", "EUR", "GBP", "JPY", "CNY", "HKD", "KRW", "SGD", "THB", "CAD", "AUD", "CHF", "AED",
                       "INR", "TRY", "EGP", "BRL", "MXN"]
Currency = Annotated[CurrencyCode, BeforeValidator(lambda v: v.strip().upper() if isinstance(v, str) else v),
                     Field(description="ISO 4217 currency code (any case)")]
Ticker = Annotated[str, Field(min_length=1, max_length=40, description="Ticker symbol such as 'AAPL', '0700.HK' "
                                                                        "or '7203.T', or a company name")]

QUOTE_SQL = "SELECT last, prev_close, day_high, day_low, volume, as_of FROM quotes WHERE symbol = ?"
HISTORY_SQL = """SELECT date, open, high, low, close, volume FROM
    (SELECT * FROM stock_prices WHERE symbol = ? ORDER BY date DESC LIMIT ?) ORDER BY date"""
LIST_SQL = """SELECT symbol, name, exchange, currency, sector FROM tickers
    WHERE (:text IS NULL OR lower(exchange || ' ' || sector || ' ' || currency) LIKE :text) ORDER BY symbol"""
RATE_SQL = "SELECT currency, per_usd FROM fx_rates WHERE date = ? AND currency IN (?, ?)"


def build(db: SandboxDB, **settings: Any) -> FastMCP:
    mcp = FastMCP("finance", instructions="Stock quotes and 30-day price history for 38 well-known listed "
                  "companies and funds, and exchange rates between 18 currencies (synthetic sandbox data).",
                  **settings)

    async def ticker(text: str) -> dict[str, Any]:
        listings = await db.rows("SELECT symbol, name, exchange, currency, sector FROM tickers ORDER BY symbol")
        found = find_listing(text, listings)
        if found is None:
            raise ToolError(f"unknown ticker '{text}'; sandbox tickers are: "
                            f"{', '.join(r['symbol'] for r in listings)}")
        return found

    @mcp.tool(annotations=READ.model_copy(update={"title": "Stock quote"}))
    async def get_quote(ticker_or_name: Ticker) -> Answer:
        """Latest price of a stock or fund: last price, previous close, change and change %, day high/low,
        volume, currency and the time of the quote (exchange local time). Use for 'X stock price', 'what is X
        trading at right now', 'how much is one share of X today', 'how is X stock doing', 'X shares today'."""
        listing = await ticker(ticker_or_name)
        quote = await db.row(QUOTE_SQL, (listing["symbol"],))
        if quote is None:
            raise ToolError(f"no quote for {listing['symbol']} in the sandbox")
        change = quote["last"] - quote["prev_close"]
        return db.answer(**listing, **quote, change=round(change, 2),
                         change_pct=round(100 * change / quote["prev_close"], 2))

    @mcp.tool(annotations=READ.model_copy(update={"title": "Price history"}))
    async def get_history(
        ticker_or_name: Ticker,
        days: Annotated[int, Field(ge=1, le=HISTORY_DAYS, description="Trading days to return, most recent last "
                                                                       "(1-30 calendar days of history)")] = 10,
    ) -> Answer:
        """Daily open/high/low/close and volume for the most recent trading days (weekdays) before today,
        plus the change over the period in %, and the period's high and low."""
        listing = await ticker(ticker_or_name)
        sessions = await db.rows(HISTORY_SQL, (listing["symbol"], days))
        if not sessions:
            raise ToolError(f"no price history for {listing['symbol']} in the sandbox")
        first, last = sessions[0], sessions[-1]
        return db.answer(**listing, sessions=sessions, period_change_pct=round(
            100 * (last["close"] - first["open"]) / first["open"], 2),
            period_high=max(s["high"] for s in sessions), period_low=min(s["low"] for s in sessions))

    @mcp.tool(annotations=READ.model_copy(update={"title": "Convert currency"}))
    async def convert_currency(
        amount: Annotated[float, Field(ge=0, le=1e12, description="Amount in from_currency")],
        from_currency: Currency,
        to_currency: Currency,
        date: Annotated[Day, Field(description="Day of the rate: today or up to 30 days back, e.g. "
                                               "'yesterday' or '2026-06-01'")] = "today",
    ) -> Answer:
        """Convert an amount between two currencies at one day's reference rate; also gives the rate."""
        day = lookup.day(db, date, first_offset=-HISTORY_DAYS, days=HISTORY_DAYS + 1)
        rates = {r["currency"]: r["per_usd"] for r in await db.rows(RATE_SQL, (day.isoformat(), from_currency,
                                                                                to_currency))}
        missing = [c for c in (from_currency, to_currency) if c not in rates]
        if missing:
            raise ToolError(f"no exchange rate for {', '.join(missing)} on {day.isoformat()}")
        rate = rates[to_currency] / rates[from_currency]
        return db.answer(amount=amount, from_currency=from_currency, to_currency=to_currency, date=day.isoformat(),
                         rate=round(rate, 6), converted=round(amount * rate, 2))

    @mcp.tool(annotations=READ.model_copy(update={"title": "List tickers"}))
    async def list_tickers(
        contains: Annotated[str | None, Field(min_length=2, max_length=40, description="Only tickers whose exchange, "
                                            "sector or currency contains this, e.g. 'NASDAQ', 'Energy', 'JPY'")] = None,
    ) -> Answer:
        """The tickers this server quotes, with company name, exchange, currency and sector."""
        rows = await db.rows(LIST_SQL, {"text": f"%{contains.strip().lower()}%" if contains else None})
        return db.answer(count=len(rows), tickers=rows)

    return mcp


def main() -> None:
    serve("finance", build)


if __name__ == "__main__":
    main()
