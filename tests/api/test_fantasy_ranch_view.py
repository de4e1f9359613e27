"""Fantasy Ranch's seat view over HTTP: what an API client (not the page) reads about its own draft."""

from __future__ import annotations

from tests.api.conftest import Table


class RanchTable(Table):
    def __init__(self, client, seats: int = 2, level: int = 2):
        r = client.post("/api/tables", json={"game": "fantasy_ranch", "seats": seats, "options": {"level": level}})
        assert r.status_code == 201, r.json
        self.client, self.id, self.tokens = client, r.json["table_id"], {}
        for name in ("ann", "bob", "cy", "dee")[:seats]:
            taken = self.post("/seats", json={"name": name})
            assert taken.status_code == 201, taken.json
            self.tokens[taken.json["seat"]] = taken.json["token"]
        assert self.post("/start", seat=0).status_code == 200

    def private(self, seat: int) -> dict:
        return self.get("/view", seat=seat).json["view"]["private"]


def test_fr_r102_a_draft_pick_leaves_the_hand_at_once_and_waits_as_pending_pick(client):
    """Ann picks first in a draft step: her own view lists the card as her pending pick, no longer in
    her hand; Bob's hand is untouched; when Bob picks, the step ends and Ann's card joins her picks."""
    t = RanchTable(client)
    while t.get("/view", seat=0).json["view"]["phase"] != "draft":
        t.play_first_legal()
    hand = t.private(0)["hand"]
    bob_hand = t.private(1)["hand"]
    assert len(hand) == 4 and t.private(0)["pending_pick"] is None
    pick = hand[1]
    assert t.play(0, {"type": "draft_pick", "card_id": pick}).status_code == 200
    mine = t.private(0)
    assert mine["pending_pick"] == pick
    assert mine["hand"] == [c for c in hand if c != pick]
    assert mine["picks"] == []
    assert t.private(1)["hand"] == bob_hand and t.private(1)["pending_pick"] is None
    assert t.play(1, {"type": "draft_pick", "card_id": bob_hand[0]}).status_code == 200
    after = t.private(0)
    assert after["pending_pick"] is None and after["picks"] == [pick]
    assert pick not in after["hand"] and len(after["hand"]) == 3
