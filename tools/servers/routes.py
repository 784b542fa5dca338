"""Routes MCP server: order a day's stops into a short itinerary and estimate travel between places."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from tools.servers import lookup
from tools.servers.args import City
from tools.servers.db import Answer, SandboxDB
from tools.servers.launcher import serve
from tools.servers.route_planning import PROFILES, Mode, Point, itinerary, leg

READ = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=False)
Place = Annotated[str, Field(min_length=3, max_length=80, description="Name of an attraction, hotel or restaurant "
                                                                      "in the sandbox (e.g. 'Louvre Museum'), or "
                                                                      "'lat,lon'")]
TravelMode = Annotated[Mode, Field(description="walk, drive or transit (public transport)")]


def build(db: SandboxDB, **settings: Any) -> FastMCP:
    mcp = FastMCP("routes", instructions="Plans the order of visits between attractions, hotels and restaurants "
                  "(sandbox places) and estimates distance and travel time on foot, by car or by public transport.",
                  **settings)

    async def resolve(names: list[str], city: str | None) -> list[Point]:
        city_id = (await lookup.city(db, city))["id"] if city else None
        points = []
        for name in names:
            found = await lookup.place(db, name, city_id)
            points.append(Point(found["name"], found["lat"], found["lon"]))
        return points

    @mcp.tool(annotations=READ.model_copy(update={"title": "Plan a route"}))
    async def plan_route(
        places: Annotated[list[Place], Field(min_length=2, max_length=10, description="2-10 places to visit")],
        mode: TravelMode = "walk",
        start: Annotated[Place | None, Field(description="Where the route starts (e.g. the hotel); default: the "
                                                         "first place")] = None,
        return_to_start: Annotated[bool, Field(description="End where the route started")] = False,
        optimise_order: Annotated[bool, Field(description="Reorder stops to shorten the route; false keeps the "
                                                          "given order")] = True,
        city: Annotated[City | None, Field(description="City to look names up in, when a name is ambiguous")] = None,
    ) -> Answer:
        """An ordered itinerary through the places: visiting order, and for each leg the straight-line and
        estimated route distance in km and travel minutes for the mode, with totals. Use for 'best order to
        see A, B and C', 'how long to walk between ...'."""
        names = list(places)
        if start is not None:
            names = [start] + [n for n in names if n.strip().lower() != start.strip().lower()]
        if len(names) > 11:
            raise ToolError("too many stops: give at most 10 places plus a start")
        points = await resolve(names, city)
        plan = itinerary(points, mode, loop=return_to_start, optimise=optimise_order)
        coordinates = {p.name: [p.lat, p.lon] for p in points}
        return db.answer(**plan, coordinates=coordinates)

    @mcp.tool(annotations=READ.model_copy(update={"title": "Travel time between two places"}))
    async def travel_time(origin: Place, destination: Place,
                          city: Annotated[City | None, Field(description="City to look names up in")] = None) -> Answer:
        """Distance and travel time between two places for every mode (walk, drive, transit), fastest first."""
        a, b = await resolve([origin, destination], city)
        options = sorted((dict(leg(a, b, mode), mode=mode) for mode in PROFILES), key=lambda x: x["minutes"])
        return db.answer(origin=a.name, destination=b.name, options=options)

    return mcp


def main() -> None:
    serve("routes", build)


if __name__ == "__main__":
    main()
