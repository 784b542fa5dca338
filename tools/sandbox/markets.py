"""Listed companies and funds the finance sandbox quotes: real tickers, names, exchanges and currencies.

``level`` is a plausible recent price level in the listing currency; daily prices are synthetic walks
around it, so they must never be read as market data.
"""

from __future__ import annotations

from typing import NamedTuple


class Listing(NamedTuple):
    symbol: str
    name: str
    exchange: str
    currency: str
    sector: str
    level: float


LISTINGS: tuple[Listing, ...] = (
    Listing("AAPL", "Apple Inc.", "NASDAQ", "USD", "Technology", 270.0),
    Listing("MSFT", "Microsoft Corporation", "NASDAQ", "USD", "Technology", 510.0),
    Listing("GOOGL", "Alphabet Inc. (Class A)", "NASDAQ", "USD", "Communication Services", 290.0),
    Listing("AMZN", "Amazon.com, Inc.", "NASDAQ", "USD", "Consumer Discretionary", 225.0),
    Listing("NVDA", "NVIDIA Corporation", "NASDAQ", "USD", "Technology", 185.0),
    Listing("META", "Meta Platforms, Inc.", "NASDAQ", "USD", "Communication Services", 600.0),
    Listing("TSLA", "Tesla, Inc.", "NASDAQ", "USD", "Consumer Discretionary", 420.0),
    Listing("NFLX", "Netflix, Inc.", "NASDAQ", "USD", "Communication Services", 110.0),
    Listing("AMD", "Advanced Micro Devices, Inc.", "NASDAQ", "USD", "Technology", 240.0),
    Listing("INTC", "Intel Corporation", "NASDAQ", "USD", "Technology", 38.0),
    Listing("JPM", "JPMorgan Chase & Co.", "NYSE", "USD", "Financials", 305.0),
    Listing("V", "Visa Inc.", "NYSE", "USD", "Financials", 335.0),
    Listing("BRK.B", "Berkshire Hathaway Inc. (Class B)", "NYSE", "USD", "Financials", 500.0),
    Listing("JNJ", "Johnson & Johnson", "NYSE", "USD", "Health Care", 200.0),
    Listing("KO", "The Coca-Cola Company", "NYSE", "USD", "Consumer Staples", 70.0),
    Listing("DIS", "The Walt Disney Company", "NYSE", "USD", "Communication Services", 110.0),
    Listing("IBM", "International Business Machines Corporation", "NYSE", "USD", "Technology", 300.0),
    Listing("ORCL", "Oracle Corporation", "NYSE", "USD", "Technology", 220.0),
    Listing("BA", "The Boeing Company", "NYSE", "USD", "Industrials", 200.0),
    Listing("XOM", "Exxon Mobil Corporation", "NYSE", "USD", "Energy", 115.0),
    Listing("BABA", "Alibaba Group Holding Limited (ADR)", "NYSE", "USD", "Consumer Discretionary", 160.0),
    Listing("TSM", "Taiwan Semiconductor Manufacturing Company (ADR)", "NYSE", "USD", "Technology", 290.0),
    Listing("SPY", "SPDR S&P 500 ETF Trust", "NYSE Arca", "USD", "Fund", 670.0),
    Listing("0700.HK", "Tencent Holdings Limited", "HKEX", "HKD", "Communication Services", 620.0),
    Listing("9988.HK", "Alibaba Group Holding Limited", "HKEX", "HKD", "Consumer Discretionary", 155.0),
    Listing("600519.SS", "Kweichow Moutai Co., Ltd.", "Shanghai Stock Exchange", "CNY", "Consumer Staples", 1450.0),
    Listing("7203.T", "Toyota Motor Corporation", "Tokyo Stock Exchange", "JPY", "Consumer Discretionary", 3000.0),
    Listing("6758.T", "Sony Group Corporation", "Tokyo Stock Exchange", "JPY", "Technology", 4200.0),
    Listing("005930.KS", "Samsung Electronics Co., Ltd.", "Korea Exchange", "KRW", "Technology", 95000.0),
    Listing("ASML.AS", "ASML Holding N.V.", "Euronext Amsterdam", "EUR", "Technology", 880.0),
    Listing("SAP.DE", "SAP SE", "XETRA", "EUR", "Technology", 230.0),
    Listing("MC.PA", "LVMH Moët Hennessy Louis Vuitton SE", "Euronext Paris", "EUR", "Consumer Discretionary",
            620.0),
    Listing("NESN.SW", "Nestlé S.A.", "SIX Swiss Exchange", "CHF", "Consumer Staples", 80.0),
    Listing("HSBA.L", "HSBC Holdings plc", "London Stock Exchange", "GBP", "Financials", 10.5),
    Listing("SHEL.L", "Shell plc", "London Stock Exchange", "GBP", "Energy", 27.5),
    Listing("RELIANCE.NS", "Reliance Industries Limited", "National Stock Exchange of India", "INR", "Energy",
            1500.0),
    Listing("D05.SI", "DBS Group Holdings Ltd", "Singapore Exchange", "SGD", "Financials", 55.0),
    Listing("BHP.AX", "BHP Group Limited", "Australian Securities Exchange", "AUD", "Materials", 42.0),
)
