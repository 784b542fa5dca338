"""The real cities the sandbox covers: geography, codes and a compact climate model per city.

Coordinates, IATA codes, time zones and currencies are real. The climate tuple approximates each city's
climate normals (annual mean and seasonal swing of temperature, diurnal range, wetness and wet season),
which is what makes generated forecasts plausible for the latitude and the season.
"""

from __future__ import annotations

from typing import NamedTuple


class Climate(NamedTuple):
    mean_c: float  # annual mean of daily mean temperature
    swing_c: float  # half the difference between the warmest and the coldest month
    warm_month: float  # month (1-12, fractional) when it is warmest
    diurnal_c: float  # typical difference between daily high and low
    wet: float  # base chance of a rainy day, 0-1
    wet_peak: float  # month with the most rain
    wet_swing: float  # how seasonal the rain is, 0 (even) to 1 (monsoon)


class City(NamedTuple):
    id: str
    name: str
    country: str
    country_code: str
    lat: float
    lon: float
    iata: str
    timezone: str
    currency: str
    aliases: tuple[str, ...]
    districts: tuple[str, ...]
    climate: Climate


def _c(*values: float) -> Climate:
    return Climate(*values)


CITIES: tuple[City, ...] = (
    City("beijing", "Beijing", "China", "CN", 39.9042, 116.4074, "PEK", "Asia/Shanghai", "CNY",
         ("peking", "pkx", "bjs"), ("Dongcheng", "Chaoyang", "Haidian"), _c(12.9, 15.0, 7.4, 10, .18, 7.3, .8)),
    City("shanghai", "Shanghai", "China", "CN", 31.2304, 121.4737, "PVG", "Asia/Shanghai", "CNY",
         ("sha", "hongqiao"), ("Huangpu", "Jing'an", "Pudong"), _c(17.1, 12.0, 7.6, 7, .33, 6.5, .5)),
    City("guangzhou", "Guangzhou", "China", "CN", 23.1291, 113.2644, "CAN", "Asia/Shanghai", "CNY",
         ("canton",), ("Tianhe", "Yuexiu", "Liwan"), _c(22.6, 8.0, 7.4, 7, .38, 6.0, .6)),
    City("shenzhen", "Shenzhen", "China", "CN", 22.5431, 114.0579, "SZX", "Asia/Shanghai", "CNY",
         (), ("Futian", "Nanshan", "Luohu"), _c(23.0, 7.5, 7.5, 6, .36, 6.5, .6)),
    City("chengdu", "Chengdu", "China", "CN", 30.5728, 104.0668, "CTU", "Asia/Shanghai", "CNY",
         ("tfu",), ("Jinjiang", "Wuhou", "Qingyang"), _c(16.5, 10.5, 7.5, 6, .35, 7.5, .6)),
    City("xian", "Xi'an", "China", "CN", 34.3416, 108.9398, "XIY", "Asia/Shanghai", "CNY",
         ("xian", "xi an", "sian"), ("Beilin", "Lianhu", "Yanta"), _c(14.1, 13.5, 7.4, 10, .25, 8.0, .6)),
    City("hangzhou", "Hangzhou", "China", "CN", 30.2741, 120.1551, "HGH", "Asia/Shanghai", "CNY",
         (), ("Shangcheng", "Xihu", "Gongshu"), _c(17.0, 12.5, 7.6, 7, .36, 6.3, .4)),
    City("hong-kong", "Hong Kong", "Hong Kong SAR, China", "HK", 22.3193, 114.1694, "HKG", "Asia/Hong_Kong",
         "HKD", ("hk", "hongkong"), ("Central", "Tsim Sha Tsui", "Wan Chai"), _c(23.3, 7.0, 7.5, 5, .33, 7.0, .7)),
    City("tokyo", "Tokyo", "Japan", "JP", 35.6762, 139.6503, "HND", "Asia/Tokyo", "JPY",
         ("tyo", "nrt", "edo"), ("Shinjuku", "Shibuya", "Ginza"), _c(15.8, 11.0, 7.8, 8, .30, 9.0, .4)),
    City("osaka", "Osaka", "Japan", "JP", 34.6937, 135.5023, "KIX", "Asia/Tokyo", "JPY",
         ("itm",), ("Umeda", "Namba", "Tennoji"), _c(16.9, 11.5, 7.7, 8, .30, 6.5, .4)),
    City("seoul", "Seoul", "South Korea", "KR", 37.5665, 126.9780, "ICN", "Asia/Seoul", "KRW",
         ("gmp", "sel"), ("Jongno", "Gangnam", "Mapo"), _c(12.5, 14.0, 7.6, 8, .22, 7.4, .8)),
    City("singapore", "Singapore", "Singapore", "SG", 1.3521, 103.8198, "SIN", "Asia/Singapore", "SGD",
         ("sg",), ("Marina Bay", "Orchard", "Chinatown"), _c(27.6, 1.0, 5.0, 7, .45, 12.0, .2)),
    City("bangkok", "Bangkok", "Thailand", "TH", 13.7563, 100.5018, "BKK", "Asia/Bangkok", "THB",
         ("krung thep", "dmk"), ("Sukhumvit", "Silom", "Rattanakosin"), _c(28.6, 2.0, 4.3, 8, .30, 9.3, .8)),
    City("new-york", "New York", "United States", "US", 40.7128, -74.0060, "JFK", "America/New_York", "USD",
         ("nyc", "new york city", "lga", "ewr", "big apple"), ("Manhattan", "Brooklyn", "Queens"),
         _c(13.0, 12.5, 7.5, 8, .30, 7.0, .1)),
    City("san-francisco", "San Francisco", "United States", "US", 37.7749, -122.4194, "SFO",
         "America/Los_Angeles", "USD", ("sf", "frisco"), ("SoMa", "Mission District", "Nob Hill"),
         _c(14.6, 4.0, 9.0, 7, .18, 1.0, .9)),
    City("los-angeles", "Los Angeles", "United States", "US", 34.0522, -118.2437, "LAX", "America/Los_Angeles",
         "USD", ("la", "l.a."), ("Downtown", "Hollywood", "Santa Monica"), _c(18.6, 4.5, 8.2, 9, .10, 2.0, .9)),
    City("chicago", "Chicago", "United States", "US", 41.8781, -87.6298, "ORD", "America/Chicago", "USD",
         ("chi", "mdw", "windy city"), ("The Loop", "River North", "Lincoln Park"), _c(10.4, 14.0, 7.4, 9, .30, 6.0, .2)),
    City("washington", "Washington, D.C.", "United States", "US", 38.9072, -77.0369, "IAD", "America/New_York",
         "USD", ("washington dc", "dc", "was", "dca"), ("Downtown", "Georgetown", "Capitol Hill"),
         _c(14.6, 12.5, 7.4, 10, .29, 7.0, .1)),
    City("toronto", "Toronto", "Canada", "CA", 43.6532, -79.3832, "YYZ", "America/Toronto", "CAD",
         ("yto",), ("Downtown", "Yorkville", "Kensington Market"), _c(8.8, 13.5, 7.4, 9, .32, 6.0, .1)),
    City("mexico-city", "Mexico City", "Mexico", "MX", 19.4326, -99.1332, "MEX", "America/Mexico_City", "MXN",
         ("cdmx", "ciudad de mexico"), ("Centro", "Roma", "Polanco"), _c(16.5, 2.5, 5.0, 14, .30, 7.5, .9)),
    City("sao-paulo", "São Paulo", "Brazil", "BR", -23.5505, -46.6333, "GRU", "America/Sao_Paulo", "BRL",
         ("sao paulo", "sampa"), ("Centro", "Jardins", "Pinheiros"), _c(19.5, 3.5, 1.8, 9, .35, 1.0, .6)),
    City("london", "London", "United Kingdom", "GB", 51.5074, -0.1278, "LHR", "Europe/London", "GBP",
         ("lon", "lgw"), ("Westminster", "Camden", "Southwark"), _c(11.3, 7.0, 7.3, 7, .35, 11.0, .2)),
    City("paris", "Paris", "France", "FR", 48.8566, 2.3522, "CDG", "Europe/Paris", "EUR",
         ("par", "ory"), ("Le Marais", "Saint-Germain-des-Prés", "Montmartre"), _c(12.3, 7.7, 7.4, 8, .32, 5.0, .1)),
    City("berlin", "Berlin", "Germany", "DE", 52.5200, 13.4050, "BER", "Europe/Berlin", "EUR",
         (), ("Mitte", "Kreuzberg", "Prenzlauer Berg"), _c(10.0, 9.5, 7.3, 8, .30, 7.0, .2)),
    City("madrid", "Madrid", "Spain", "ES", 40.4168, -3.7038, "MAD", "Europe/Madrid", "EUR",
         (), ("Centro", "Salamanca", "Chamberí"), _c(15.0, 10.0, 7.5, 13, .18, 11.0, .6)),
    City("barcelona", "Barcelona", "Spain", "ES", 41.3874, 2.1686, "BCN", "Europe/Madrid", "EUR",
         ("bcn",), ("Ciutat Vella", "Eixample", "Gràcia"), _c(16.2, 7.5, 7.7, 7, .20, 10.0, .4)),
    City("rome", "Rome", "Italy", "IT", 41.9028, 12.4964, "FCO", "Europe/Rome", "EUR",
         ("roma", "cia"), ("Centro Storico", "Trastevere", "Monti"), _c(15.8, 8.5, 7.7, 11, .22, 11.0, .6)),
    City("amsterdam", "Amsterdam", "Netherlands", "NL", 52.3676, 4.9041, "AMS", "Europe/Amsterdam", "EUR",
         ("ams", "schiphol"), ("Centrum", "Jordaan", "De Pijp"), _c(10.5, 7.0, 7.5, 7, .38, 10.0, .2)),
    City("zurich", "Zurich", "Switzerland", "CH", 47.3769, 8.5417, "ZRH", "Europe/Zurich", "CHF",
         ("zürich", "zuerich"), ("Altstadt", "Enge", "Zürich-West"), _c(9.3, 9.3, 7.4, 8, .36, 6.8, .3)),
    City("istanbul", "Istanbul", "Türkiye", "TR", 41.0082, 28.9784, "IST", "Europe/Istanbul", "TRY",
         ("constantinople", "saw"), ("Fatih", "Beyoğlu", "Kadıköy"), _c(15.0, 9.0, 7.8, 7, .28, 12.0, .6)),
    City("dubai", "Dubai", "United Arab Emirates", "AE", 25.2048, 55.2708, "DXB", "Asia/Dubai", "AED",
         ("dxb",), ("Downtown Dubai", "Deira", "Dubai Marina"), _c(28.0, 8.0, 7.8, 9, .04, 2.0, .9)),
    City("cairo", "Cairo", "Egypt", "EG", 30.0444, 31.2357, "CAI", "Africa/Cairo", "EGP",
         ("al qahirah",), ("Downtown", "Zamalek", "Garden City"), _c(22.0, 7.5, 7.6, 11, .02, 1.0, .9)),
    City("mumbai", "Mumbai", "India", "IN", 19.0760, 72.8777, "BOM", "Asia/Kolkata", "INR",
         ("bombay",), ("Colaba", "Bandra", "Fort"), _c(27.2, 2.5, 5.0, 7, .28, 7.3, 1.0)),
    City("delhi", "New Delhi", "India", "IN", 28.6139, 77.2090, "DEL", "Asia/Kolkata", "INR",
         ("delhi", "ncr"), ("Connaught Place", "Chanakyapuri", "Chandni Chowk"), _c(25.0, 9.5, 6.0, 12, .15, 7.8, .9)),
    City("sydney", "Sydney", "Australia", "AU", -33.8688, 151.2093, "SYD", "Australia/Sydney", "AUD",
         (), ("The Rocks", "Surry Hills", "Darlinghurst"), _c(18.4, 5.0, 1.5, 8, .33, 4.5, .3)),
    City("melbourne", "Melbourne", "Australia", "AU", -37.8136, 144.9631, "MEL", "Australia/Melbourne", "AUD",
         (), ("CBD", "Fitzroy", "St Kilda"), _c(15.5, 5.0, 1.8, 10, .33, 10.0, .1)),
)

CURRENCIES: tuple[str, ...] = tuple(sorted({c.currency for c in CITIES}))
