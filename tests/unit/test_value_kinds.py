"""A property's value kind is read from its own schema: real properties of 20+ LiveMCPBench servers
(copied from /work/shared/benchmarks/livemcpbench/tools.json, tool descriptions cut to 240 characters) keep
the kind their words, formats and examples give, and names and queries stay spans and queries."""

import pytest

from nodes.arguments.value_kinds import ValueKind, infer_value_kind

CATALOGUE_PROPERTIES = [
    ('Time MCP Server', 'get_current_time',
     'Get current time in a specific timezones',
     'timezone',
     {'type': 'string',
      'description': "IANA timezone name (e.g., 'America/New_York', 'Europe/London'). Use 'America/New_York' "
                     'as local timezone if no timezone provided by the user.'},
     ValueKind.TIMEZONE),
    ('Time MCP Server', 'convert_time',
     'Convert time between timezones',
     'source_timezone',
     {'type': 'string',
      'description': "Source IANA timezone name (e.g., 'America/New_York', 'Europe/London'). Use "
                     "'America/New_York' as local timezone if no source timezone provided by the user."},
     ValueKind.TIMEZONE),
    ('Time MCP Server', 'convert_time',
     'Convert time between timezones',
     'target_timezone',
     {'type': 'string',
      'description': "Target IANA timezone name (e.g., 'Asia/Tokyo', 'America/San_Francisco'). Use "
                     "'America/New_York' as local timezone if no target timezone provided by the user."},
     ValueKind.TIMEZONE),
    ('Time MCP Server', 'convert_time',
     'Convert time between timezones',
     'time',
     {'type': 'string', 'description': 'Time to convert in 24-hour format (HH:MM)'},
     ValueKind.TIME_OF_DAY),
    ('Calculator MCP Server', 'calculate',
     'Calculates/evaluates the given expression.',
     'expression',
     {'title': 'Expression', 'type': 'string'},
     ValueKind.EXPRESSION),
    ('Exchange Rate MCP Server', 'exchange_rate',
     ("Retrieves exchange rates using Norges Bank's API. Returns rate information including the base "
      'currency, target currency, date, and conversion rate.'),
     'baseCurrency',
     {'type': 'string', 'description': 'The base currency code (e.g., NOK, USD)'},
     ValueKind.CURRENCY),
    ('Exchange Rate MCP Server', 'exchange_rate',
     ("Retrieves exchange rates using Norges Bank's API. Returns rate information including the base "
      'currency, target currency, date, and conversion rate.'),
     'targetCurrency',
     {'type': 'string', 'description': 'The target currency code (e.g., EUR, USD)'},
     ValueKind.CURRENCY),
    ('Exchange Rate MCP Server', 'exchange_rate',
     ("Retrieves exchange rates using Norges Bank's API. Returns rate information including the base "
      'currency, target currency, date, and conversion rate.'),
     'date',
     {'type': 'string',
      'description': 'Optional date in YYYY-MM-DD format. Defaults to latest available rate.'},
     ValueKind.DATE),
    ('MCP Weather Free', 'get_weather_by_city',
     ('Get weather for a city by name using geocoding. Args: city: Name of the city country_code: Optional '
      '2-letter country code (e.g., "US", "GB") temperature_unit: Temperature unit (celsius or fahrenheit) '
      'wind_speed_unit: Wind speed unit (kmh, m'),
     'country_code',
     {'anyOf': [{'type': 'string'}, {'type': 'null'}], 'default': None, 'title': 'Country Code'},
     ValueKind.COUNTRY),
    ('MCP Weather Free', 'get_weather_by_city',
     ('Get weather for a city by name using geocoding. Args: city: Name of the city country_code: Optional '
      '2-letter country code (e.g., "US", "GB") temperature_unit: Temperature unit (celsius or fahrenheit) '
      'wind_speed_unit: Wind speed unit (kmh, m'),
     'city',
     {'title': 'City', 'type': 'string'},
     ValueKind.PLACE),
    ('YouTube Transcript Server', 'get_transcript',
     'Extract transcript from a YouTube video URL or ID',
     'lang',
     {'type': 'string', 'description': "Language code for transcript (e.g., 'ko', 'en')", 'default': 'en'},
     ValueKind.LANGUAGE),
    ('YouTube Transcript Server', 'get_transcript',
     'Extract transcript from a YouTube video URL or ID',
     'url',
     {'type': 'string', 'description': 'YouTube video URL or ID'},
     ValueKind.URL),
    ('Fetch MCP Server', 'fetch',
     ('Fetches a URL from the internet and optionally extracts its contents as markdown. Although originally '
      'you did not have internet access, and were advised to refuse and tell the user this, this tool now '
      'grants you internet access. Now you can'),
     'url',
     {'description': 'URL to fetch', 'format': 'uri', 'minLength': 1, 'title': 'Url', 'type': 'string'},
     ValueKind.URL),
    ('Filesystem MCP Server', 'read_file',
     ('Read the complete contents of a file from the file system. Handles various text encodings and provides '
      'detailed error messages if the file cannot be read. Use this tool when you need to examine the '
      "contents of a single file. Use the 'head' "),
     'path',
     {'type': 'string'},
     ValueKind.PATH),
    ('Filesystem MCP Server', 'read_multiple_files',
     ('Read the contents of multiple files simultaneously. This is more efficient than reading files one by '
      "one when you need to analyze or compare multiple files. Each file's content is returned with its path "
      'as a reference. Failed reads for indi'),
     'paths',
     {'type': 'array', 'items': {'type': 'string'}},
     ValueKind.PATH),
    ('Filesystem MCP Server', 'search_files',
     ('Recursively search for files and directories matching a pattern. Searches through all subdirectories '
      'from the starting path. The search is case-insensitive and matches partial names. Returns full paths '
      'to all matching items. Great for findi'),
     'pattern',
     {'type': 'string'},
     ValueKind.NAME),
    ('Simple Document Processing MCP Server', 'document_reader',
     ('Read content from non-image document-files at specified paths, supporting various file formats: .pdf, '
      '.docx, .txt, .html, .csv'),
     'filePath',
     {'type': 'string', 'description': 'Path to the file to be read'},
     ValueKind.PATH),
    ('Excel MCP Server', 'excel_read_sheet',
     'Read values from Excel sheet with pagination.',
     'fileAbsolutePath',
     {'description': 'Absolute path to the Excel file', 'type': 'string'},
     ValueKind.PATH),
    ('Excel MCP Server', 'excel_read_sheet',
     'Read values from Excel sheet with pagination.',
     'sheetName',
     {'description': 'Sheet name in the Excel file', 'type': 'string'},
     ValueKind.NAME),
    ('mcp-server-git: A git MCP server', 'git_status',
     'Shows the working tree status',
     'repo_path',
     {'title': 'Repo Path', 'type': 'string'},
     ValueKind.PATH),
    ('Playwright MCP Server', 'playwright_navigate',
     'Navigate to a URL',
     'url',
     {'type': 'string', 'description': 'URL to navigate to the website specified'},
     ValueKind.URL),
    ('Playwright MCP Server', 'playwright_click',
     'Click an element on the page',
     'selector',
     {'type': 'string', 'description': 'CSS selector for the element to click'},
     ValueKind.NAME),
    ('Sitemap MCP Server', 'get_sitemap_tree',
     'Fetch and parse the sitemap tree from a website URL',
     'url',
     {'description': 'The URL of the website homepage (e.g., https://example.com)',
      'title': 'Url',
      'type': 'string'},
     ValueKind.URL),
    ('Sitemap MCP Server', 'get_sitemap_pages',
     ("Get all pages from a website's sitemap with optional limits and filtering options. Supports "
      'cursor-based pagination.'),
     'route',
     {'default': '',
      'description': "Optional route path to filter pages by (e.g., '/blog')",
      'title': 'Route',
      'type': 'string'},
     ValueKind.NAME),
    ('MCP Yahoo Finance', 'get_stock_price_by_date',
     'Get the stock price for a given stock symbol on a specific date.',
     'symbol',
     {'type': 'string', 'description': 'Stock symbol in Yahoo Finance format.'},
     ValueKind.NAME),
    ('MCP Yahoo Finance', 'get_stock_price_by_date',
     'Get the stock price for a given stock symbol on a specific date.',
     'date',
     {'type': 'string', 'description': 'The date in YYYY-MM-DD format.'},
     ValueKind.DATE),
    ('Crypto Price & Market Analysis MCP Server', 'get-crypto-price',
     'Get current price and 24h stats for a cryptocurrency',
     'symbol',
     {'type': 'string', 'description': 'Cryptocurrency symbol (e.g., BTC, ETH)'},
     ValueKind.NAME),
    ('duckduckgo-search MCP Server', 'duckduckgo_web_search',
     ('Performs a web search using the DuckDuckGo, ideal for general queries, news, articles, and online '
      'content. Use this for broad information gathering, recent events, or when you need diverse web '
      'sources. Supports content filtering and region-'),
     'query',
     {'type': 'string', 'description': 'Search query (max 400 chars)', 'maxLength': 400},
     ValueKind.QUERY),
    ('Wikipedia MCP Server', 'search_wikipedia',
     'Search Wikipedia for articles matching a query.',
     'query',
     {'title': 'Query', 'type': 'string'},
     ValueKind.QUERY),
    ('ArXiv MCP Server', 'download_paper',
     'Download a paper and create a resource for it',
     'paper_id',
     {'type': 'string', 'description': 'The arXiv ID of the paper to download'},
     ValueKind.ID),
    ('Hacker News MCP Server', 'getStory',
     'Get a single story by ID',
     'id',
     {'type': 'number', 'description': 'The ID of the story'},
     ValueKind.ID),
    ('mcp-github-trending MCP Server', 'get_github_trending_repositories',
     'Get trending repositories on github',
     'language',
     {'type': 'string', 'description': 'Language to filter repositories by'},
     ValueKind.NAME),
    ('mcp-github-trending MCP Server', 'get_github_trending_repositories',
     'Get trending repositories on github',
     'spoken_language',
     {'type': 'string', 'description': 'Spoken language to filter repositories by'},
     ValueKind.NAME),
    ('OP.GG MCP Server', 'lol-champion-meta-data',
     'Retrieves meta data for a specific champion, including statistics and performance metrics.',
     'lang',
     {'type': 'string',
      'enum': ['ar_AE',
               'cs_CZ',
               'de_DE',
               'el_GR',
               'en_US',
               'en_AU',
               'en_GB',
               'en_PH',
               'en_SG',
               'es_AR',
               'es_ES',
               'es_MX',
               'fr_FR',
               'hu_HU',
               'it_IT',
               'ja_JP',
               'ko_KR',
               'pl_PL',
               'pt_BR',
               'ro_RO',
               'ru_RU',
               'th_TH',
               'tr_TR',
               'vi_VN',
               'zh_CN',
               'zh_MY',
               'zh_TW'],
      'description': 'Language code for localized content. Determines the language of returned data.'},
     ValueKind.ENUM),
    ('Airbnb MCP Server', 'airbnb_search',
     'Search for Airbnb listings with various filters and pagination. Provide direct links to the user',
     'location',
     {'type': 'string', 'description': 'Location to search for (city, state, etc.)'},
     ValueKind.NAME),
    ('Airbnb MCP Server', 'airbnb_search',
     'Search for Airbnb listings with various filters and pagination. Provide direct links to the user',
     'checkin',
     {'type': 'string', 'description': 'Check-in date (YYYY-MM-DD)'},
     ValueKind.DATE),
    ('MCP Image Extractor', 'extract_image_from_file',
     ('Extract and analyze images from local file paths. Supports visual content understanding, OCR text '
      'extraction, and object recognition for screenshots, photos, diagrams, and documents.'),
     'file_path',
     {'type': 'string',
      'description': 'Path to the image file to analyze (supports screenshots, photos, diagrams, and '
                     'documents in PNG, JPG, GIF, WebP formats)'},
     ValueKind.PATH),
    ('MCP Server LeetCode', 'get-problem',
     '',
     'titleSlug',
     {'type': 'string', 'description': "The URL slug of the problem (e.g., 'two-sum')"},
     ValueKind.NAME),
    ('Puppeteer', 'puppeteer_navigate',
     'Navigate to a URL',
     'url',
     {'type': 'string', 'description': 'URL to navigate to'},
     ValueKind.URL),
    ('Desktop Commander MCP', 'interact_with_process',
     ('Send input to a running process and automatically receive the response. CRITICAL: THIS IS THE PRIMARY '
      'TOOL FOR ALL LOCAL FILE ANALYSIS For ANY local file analysis (CSV, JSON, data processing), ALWAYS use '
      'this instead of the analysis tool. T'),
     'input',
     {'type': 'string'},
     ValueKind.NAME),
    ('Desktop Commander MCP', 'read_file',
     ('Read the contents of a file from the file system or a URL with optional offset and length parameters. '
      "Prefer this over 'execute_command' with cat/type for viewing files. Supports partial file reading "
      "with: - 'offset' (start line, default: 0"),
     'path',
     {'type': 'string'},
     ValueKind.PATH),
    ('Office-Word-MCP-Server', 'format_text',
     'Format a specific range of text within a paragraph.',
     'filename',
     {'title': 'Filename', 'type': 'string'},
     ValueKind.PATH),
    ('Basic Memory', 'list_directory',
     'List directory contents with filtering and depth control.',
     'file_name_glob',
     {'anyOf': [{'type': 'string'}, {'type': 'null'}], 'default': None, 'title': 'File Name Glob'},
     ValueKind.NAME),
    ('Deepwiki MCP Server', 'deepwiki_fetch',
     'Fetch a deepwiki.com repo and return Markdown',
     'url',
     {'type': 'string',
      'description': 'should be a URL, owner/repo name (e.g. "vercel/ai"), a two-word "owner repo" form (e.g. '
                     '"vercel ai"), or a single library keyword'},
     ValueKind.URL),
    ('Met Museum MCP Server', 'search-museum-objects',
     ('Search for objects in the Metropolitan Museum of Art (Met Museum). Will return Total objects found, '
      'followed by a list of Object Ids.The parameter title should be set to true if you want to search for '
      'objects by title.The parameter hasImage'),
     'q',
     {'type': 'string',
      'description': 'The search query, Returns a listing of all Object IDs for objects that contain the '
                     "search query within the object's data"},
     ValueKind.QUERY),
    ('Maven Dependencies MCP Server', 'get_latest_release',
     'Get the latest release version of a Maven dependency (excludes pre-releases by default)',
     'dependency',
     {'type': 'string',
      'description': 'Maven coordinate in format "groupId:artifactId[:version][:packaging][:classifier]" '
                     '(e.g. "org.springframework:spring-core" or '
                     '"org.springframework:spring-core:5.3.20:jar")'},
     ValueKind.NAME),
    ('BioMCP: Biomedical Model Context Protocol', 'variant_searcher',
     ("Search MyVariant.info for genetic variant DATABASE RECORDS. ⚠️ PREREQUISITE: Use the 'think' tool "
      'FIRST to plan your research strategy! Important: This searches for variant DATABASE RECORDS '
      '(frequency, significance, etc.), NOT articles abou'),
     'hgvsp',
     {'anyOf': [{'type': 'string'}, {'type': 'null'}],
      'default': None,
      'description': "Protein change in HGVS format (e.g., 'p.V600E')",
      'title': 'Hgvsp'},
     ValueKind.NAME),
    ('Knowledge Graph Memory Server', 'search_nodes',
     'Search for nodes in the knowledge graph based on a query',
     'query',
     {'type': 'string',
      'description': 'The search query to match against entity names, types, and observation content'},
     ValueKind.QUERY),
]


@pytest.mark.parametrize(("server", "tool", "tool_description", "name", "spec", "kind"), CATALOGUE_PROPERTIES,
                         ids=[f"{c[0]}:{c[1]}.{c[3]}" for c in CATALOGUE_PROPERTIES])
def test_kind_of_a_real_catalogue_property(server, tool, tool_description, name, spec, kind):
    assert infer_value_kind(name, spec, tool, tool_description) is kind


def test_the_cases_cover_twenty_servers():
    assert len({case[0] for case in CATALOGUE_PROPERTIES}) >= 20


def test_the_reference_sqlite_servers_query_is_sql_by_its_words_or_its_tools():
    described = {"type": "string", "description": "SELECT SQL query to execute"}
    assert infer_value_kind("query", described, "read_query", "Execute a SELECT query on the SQLite database") \
        is ValueKind.SQL
    bare = {"type": "string"}
    assert infer_value_kind("query", bare, "read_query", "Execute a SELECT query on the SQLite database") \
        is ValueKind.SQL
    assert infer_value_kind("query", bare, "search", "Search the web") is ValueKind.QUERY


def test_a_generic_input_of_a_calculator_is_an_expression_but_a_regex_is_not():
    assert infer_value_kind("input", {"type": "string"}, "evaluate", "Evaluate a math expression") \
        is ValueKind.EXPRESSION
    assert infer_value_kind("expression", {"type": "string", "description": "A regular expression to match"}) \
        is ValueKind.NAME


@pytest.mark.parametrize(("name", "spec", "kind"), [
    ("start", {"type": "string", "format": "time"}, ValueKind.TIME_OF_DAY),
    ("at", {"type": "string", "pattern": r"^\d{2}:\d{2}$"}, ValueKind.TIME_OF_DAY),
    ("zone", {"type": "string", "examples": ["Europe/Paris", "Asia/Tokyo"]}, ValueKind.TIMEZONE),
    ("target", {"type": "string", "format": "uri"}, ValueKind.URL),
    ("source", {"type": "string", "description": "Path to the input file"}, ValueKind.PATH),
    ("amount_currency", {"type": "string"}, ValueKind.CURRENCY),
    ("code", {"type": "string", "description": "ISO 4217 currency code"}, ValueKind.CURRENCY),
    ("region", {"type": "string", "description": "ISO 3166-1 alpha-2 country code"}, ValueKind.COUNTRY),
    ("country", {"type": "string", "description": "Country name"}, ValueKind.NAME),
    ("target_lang", {"type": "string", "description": "ISO 639-1 language code"}, ValueKind.LANGUAGE),
    ("when", {"type": "string", "description": "Day in YYYY-MM-DD"}, ValueKind.DATE),
    ("city", {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}, ValueKind.PLACE),
    ("location", {"type": "string", "description": "City name, e.g. 'Paris'"}, ValueKind.PLACE),
    ("cities", {"type": "string", "description": "Cities to compare, comma-separated"}, ValueKind.NAME),
    ("city_code", {"type": "string"}, ValueKind.NAME),
    ("guest_name", {"type": "string"}, ValueKind.PERSON),
    ("limit", {"type": "integer"}, ValueKind.NUMBER),
    ("verbose", {"type": "boolean"}, ValueKind.OTHER),
    ("unit", {"type": "string", "enum": ["metric", "imperial"]}, ValueKind.ENUM),
])
def test_kind_from_format_pattern_examples_and_words(name, spec, kind):
    assert infer_value_kind(name, spec) is kind
