"""Secret values from the catalogue are redacted from everything a server sends back (tools/secrets.py)."""

from mcp.types import Tool

from tools.catalog import parse_catalog
from tools.secrets import REDACTED, Redactor, catalog_secrets
from tools.tool_outcome import ToolOutcome

CANARY = "canary-7f3a9c2e51"


def catalog():
    return parse_catalog('{"mcpServers": {'
                         f'"crm": {{"url": "http://127.0.0.1:9/mcp", "headers": {{"Authorization": "Bearer {CANARY}"}}}},'
                         f'"tickets": {{"command": "python", "env": {{"API_TOKEN": "{CANARY}x", "DEBUG": "1",'
                         ' "REGION": "eu-west-1"}}}}')


def test_secret_values_are_the_auth_headers_and_secret_named_env_values():
    secrets = catalog_secrets(catalog(), {"TAVILY_API_KEY": "tvly-canary-123", "PYTHONPATH": "/srv/tura"})
    assert set(secrets) == {f"Bearer {CANARY}", CANARY, f"{CANARY}x", "tvly-canary-123"}


def test_outcomes_and_tool_descriptions_lose_the_secret():
    redact = Redactor(catalog_secrets(catalog()))
    outcome = ToolOutcome(call_id="c1", server="tickets", tool="status", ok=True,
                          text=f'{{"token": "{CANARY}x", "note": "Authorization: Bearer {CANARY}"}}')
    clean = redact.outcome(outcome)
    assert CANARY not in clean.model_dump_json() and REDACTED in clean.text
    tool = Tool(name="status", description=f"Uses token {CANARY}", inputSchema={"type": "object"})
    assert CANARY not in redact.tool(tool).model_dump_json()
    assert redact.text("nothing secret here") == "nothing secret here"


def test_a_catalogue_never_prints_its_env_or_headers():
    spec = catalog().servers["crm"]
    assert CANARY not in repr(spec) and CANARY not in str(spec)
