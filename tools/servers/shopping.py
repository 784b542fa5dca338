"""Shopping MCP server: a consumer-electronics catalogue, each city's shops with local prices and stock, orders."""

from __future__ import annotations

import sqlite3
from datetime import datetime
from typing import Annotated, Any, Literal

from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from tools.servers import lookup
from tools.servers.args import City, Limit, PersonName, Reference
from tools.servers.db import Answer, SandboxDB, missing_words
from tools.servers.launcher import serve

READ = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=False)
WRITE = ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=False, openWorldHint=False)
Category = Literal["smartphone", "laptop", "tablet", "headphones", "smartwatch", "camera", "action camera", "drone",
                   "game console", "e-reader", "speaker", "tv", "power bank", "travel adapter", "luggage"]
ProductId = Annotated[int, Field(ge=1, description="product_id from search_products")]

_PRODUCT = "p.id AS product_id, p.category, p.brand, p.model, p.list_price_usd, p.summary"
# Words a shopper adds around a product's name that no product's text is expected to hold ("ps5 deals").
SHOPPING_WORDS = frozenset("""a an the and or of for in on at to with my me any some buy buying get price prices
    cost costs deal deals offer offers sale cheap cheapest best new latest shop shops store stores sell sells
    selling stock available availability online near""".split())
SEARCH_SQL = f"""SELECT {_PRODUCT} FROM products p
    WHERE (:category IS NULL OR p.category = :category) AND (:brand IS NULL OR lower(p.brand) = :brand)
      AND (:max_price IS NULL OR p.list_price_usd <= :max_price)
      AND (:text IS NULL OR word_hits(p.brand || ' ' || p.model || ' ' || p.category || ' ' || p.summary, :text) > 0)
    ORDER BY word_hits(p.brand || ' ' || p.model || ' ' || p.category || ' ' || p.summary, :text) DESC,
             p.list_price_usd, p.model
    LIMIT :limit"""
PRODUCT_SQL = f"SELECT {_PRODUCT} FROM products p WHERE p.id = ?"
STOCK_SQL = """SELECT s.id AS store_id, s.name AS store, s.address, s.opens, s.closes, i.price, i.currency, i.stock
    FROM inventory i JOIN stores s ON s.id = i.store_id
    WHERE i.product_id = :product AND s.city_id = :city AND (:in_stock = 0 OR i.stock > 0) ORDER BY i.price"""
ITEM_SQL = """SELECT s.name AS store, s.address, c.name AS city, p.brand, p.model, i.price, i.currency, i.stock
    FROM inventory i JOIN stores s ON s.id = i.store_id JOIN cities c ON c.id = s.city_id
    JOIN products p ON p.id = i.product_id WHERE i.store_id = ? AND i.product_id = ?"""
TAKE_STOCK = "UPDATE inventory SET stock = stock - ? WHERE store_id = ? AND product_id = ? AND stock >= ?"
INSERT_ORDER = """INSERT INTO orders (store_id, product_id, quantity, customer_name, total_price, currency, created_at)
    VALUES (?,?,?,?,?,?,?)"""
ORDER_SQL = """SELECT o.ref AS reference, o.customer_name, o.quantity, o.total_price, o.currency, o.created_at,
    p.brand, p.model, s.name AS store, s.address, c.name AS city
    FROM orders o JOIN products p ON p.id = o.product_id JOIN stores s ON s.id = o.store_id
    JOIN cities c ON c.id = s.city_id WHERE o.ref = ?"""


def _text(product: dict[str, Any]) -> str:
    """What a query's words are looked for in (as ``SEARCH_SQL`` does)."""
    return " ".join(str(product.get(k) or "") for k in ("brand", "model", "category", "summary"))


def build(db: SandboxDB, **settings: Any) -> FastMCP:
    mcp = FastMCP("shopping", instructions="Consumer electronics and travel gear (sandbox data): product "
                  "catalogue, local prices and stock in shops of 36 world cities, and orders for pickup.", **settings)

    @mcp.tool(annotations=READ.model_copy(update={"title": "Search products"}))
    async def search_products(
        query: Annotated[str | None, Field(min_length=2, max_length=60, description="Words to look for in brand, "
                                           "model, category or summary, e.g. 'iPhone', 'noise cancelling'")] = None,
        category: Annotated[Category | None, Field(description="Only this category")] = None,
        brand: Annotated[str | None, Field(min_length=2, max_length=30, description="Only this brand")] = None,
        max_price_usd: Annotated[float | None, Field(gt=0, description="Highest list price in USD")] = None,
        limit: Limit = 5,
    ) -> Answer:
        """Products in the catalogue, best match to the query first, then cheapest first: product_id (needed for stock and orders), category,
        brand, model, list price in USD and a one-line summary."""
        products = await db.rows(SEARCH_SQL, {
            "category": category, "brand": brand.strip().lower() if brand else None, "max_price": max_price_usd,
            "text": query, "limit": limit,
        })
        if not products:
            return db.answer(products=[], note="no product matches; try fewer filters")
        # When every product found lacks a word asked for ("iphone 3000 ultra"), none is the one asked about,
        # and the answer must say so rather than offer the closest as if it were. (The tool's description is
        # left as it was: the bundled synthetic-query cache is keyed by it.)
        lacking = [missing_words(_text(p), query, SHOPPING_WORDS) for p in products] if query else [[]]
        if all(lacking):
            nowhere = [w for w in lacking[0] if all(w in words for words in lacking)]
            said = f"; none has: {', '.join(nowhere)}" if nowhere else ""
            return db.answer(match=f"no product matches all of '{query}'{said}; the closest products follow",
                             products=products)
        return db.answer(products=products)

    @mcp.tool(annotations=READ.model_copy(update={"title": "Stock and prices in a city"}))
    async def check_stock(
        product_id: ProductId,
        city: City,
        in_stock_only: Annotated[bool, Field(description="Leave out shops with none in stock")] = False,
    ) -> Answer:
        """Which shops in a city sell a product, at what local price, and how many they have in stock,
        cheapest first. Each shop has a store_id (needed to order). Use for 'is X in stock in Y', 'which shops in
        Y sell X', 'where can I buy X in Y'."""
        product = await db.row(PRODUCT_SQL, (product_id,))
        if product is None:
            raise ToolError(f"no product with product_id {product_id}; use a product_id from search_products")
        place = await lookup.city(db, city)
        stores = await db.rows(STOCK_SQL, {"product": product_id, "city": place["id"], "in_stock": int(in_stock_only)})
        return db.answer(product=product, city=place["name"], stores=stores)

    @mcp.tool(annotations=WRITE.model_copy(update={"title": "Order for pickup"}))
    async def place_order(
        store_id: Annotated[int, Field(ge=1, description="store_id from check_stock")],
        product_id: ProductId,
        customer_name: PersonName,
        quantity: Annotated[int, Field(ge=1, le=10, description="Units to order (1-10)")] = 1,
    ) -> Answer:
        """Order units of a product from one shop for pickup: takes them out of its stock and returns an
        order reference and the total in local currency. Fails, changing nothing, if stock is too low."""
        name = customer_name.strip()

        def work(conn: sqlite3.Connection) -> dict[str, Any]:
            item = conn.execute(ITEM_SQL, (store_id, product_id)).fetchone()
            if item is None:
                raise ToolError(f"store_id {store_id} does not sell product_id {product_id}; use check_stock")
            if item["stock"] < quantity:
                raise ToolError(f"{item['store']} has {item['stock']} {item['brand']} {item['model']} in stock, "
                                f"fewer than the {quantity} ordered")
            if conn.execute(TAKE_STOCK, (quantity, store_id, product_id, quantity)).rowcount != 1:
                raise ToolError(f"{item['store']} sold out meanwhile; check stock again")
            total = round(item["price"] * quantity, 2)
            order_id = conn.execute(INSERT_ORDER, (store_id, product_id, quantity, name, total, item["currency"],
                                                   datetime.now().isoformat(timespec="seconds"))).lastrowid
            reference = f"OR-{order_id:06d}"
            conn.execute("UPDATE orders SET ref = ? WHERE id = ?", (reference, order_id))
            return {"reference": reference, "status": "ready for pickup", "customer_name": name,
                    "product": f"{item['brand']} {item['model']}", "quantity": quantity, "total_price": total,
                    "currency": item["currency"], "store": item["store"], "address": item["address"],
                    "city": item["city"], "stock_left_after": item["stock"] - quantity}

        return db.answer(**await db.transact(work))

    @mcp.tool(annotations=READ.model_copy(update={"title": "Look up an order"}))
    async def get_order(reference: Reference) -> Answer:
        """An order by its reference (e.g. 'OR-000001'): product, quantity, total, shop and customer."""
        found = await db.row(ORDER_SQL, (reference.strip().upper(),))
        if found is None:
            raise ToolError(f"no order with reference '{reference}'")
        return db.answer(order=found)

    return mcp


def main() -> None:
    serve("shopping", build)


if __name__ == "__main__":
    main()
