"""Argument types the servers share, so every tool describes dates, cities and limits the same way."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

DAY_HELP = ("ISO date YYYY-MM-DD, or 'today', 'tomorrow', 'day after tomorrow', a weekday ('friday', "
            "'next friday'), 'in N days', or a month and day ('June 10')")
RANGE_HELP = ("a day (" + DAY_HELP + ") or a range: 'this week', 'next week', 'this weekend', 'next N days', "
              "'June 10-15', '2026-06-10 to 2026-06-15'")
# Letters, digits, spaces and the punctuation dates are written with; the meaning is checked by the tool.
_DATE_CHARS = r"^[\w ,.'/\-–]+$"

Day = Annotated[str, Field(min_length=3, max_length=40, pattern=_DATE_CHARS, description=DAY_HELP,
                           examples=["2026-06-10", "tomorrow", "next friday"])]
DayRange = Annotated[str, Field(min_length=3, max_length=60, pattern=_DATE_CHARS, description=RANGE_HELP,
                                examples=["next 3 days", "this weekend", "June 10-15"])]
City = Annotated[str, Field(min_length=2, max_length=60,
                            description="City name, IATA airport code or common alias, e.g. 'Paris', 'NYC', "
                                        "'PEK'; case does not matter",
                            examples=["Tokyo", "NYC", "LHR"])]
Limit = Annotated[int, Field(ge=1, le=20, description="Most results to return (1-20)")]
PersonName = Annotated[str, Field(min_length=2, max_length=80, pattern=r"^[^\x00-\x1f]+$",
                                  description="Full name the booking is made under")]
Reference = Annotated[str, Field(min_length=4, max_length=16, pattern=r"^[A-Za-z]{1,3}-?\d{1,9}$",
                                 description="Booking reference as returned by the booking tool, e.g. 'HB-000012'")]
