"""The terminal's side of an approval request (graphs/approval_cli.py)."""

import io

from graphs.approval_cli import UNATTENDED, approval_record, decide, terminal_decisions

REQUEST = {"action_requests": [{"name": "hotels.book_room", "args": {"hotel_id": 178},
                                "description": "Book hotel rooms on hotels (hotel_id 178)."}],
           "review_configs": [{"action_name": "hotels.book_room", "allowed_decisions": ["approve", "edit", "reject"]}]}


def scripted(*answers):
    replies = iter(answers)
    return lambda prompt: next(replies)


def test_yes_no_and_edit_at_the_terminal():
    out = io.StringIO()
    assert terminal_decisions(REQUEST, scripted("y"), out) == {"decisions": [{"type": "approve"}]}
    assert "Book hotel rooms" in out.getvalue()
    assert terminal_decisions(REQUEST, scripted("n"), out)["decisions"][0]["type"] == "reject"
    edited = terminal_decisions(REQUEST, scripted("maybe", "e", "{not json", "e", '{"hotel_id": 180}'), out)
    assert edited == {"decisions": [{"type": "edit", "edited_action": {"name": "hotels.book_room",
                                                                       "args": {"hotel_id": 180}}}]}
    assert "not JSON" in out.getvalue()


def test_without_a_terminal_writes_are_declined_unless_approved_up_front():
    declined = decide(REQUEST, interactive=False, approve_writes=False)
    assert declined == {"decisions": [{"type": "reject", "message": UNATTENDED}]}
    assert decide(REQUEST, interactive=False, approve_writes=True) == {"decisions": [{"type": "approve"}]}
    record = approval_record(REQUEST, declined)
    assert record[0]["action"] == "hotels.book_room" and record[0]["decision"] == "reject"
