"""What if, in the browser (issue 36): Ann, playing Bunny Kingdom against a bot, steps the replay
back to a version, presses "What if…", and lands at her own branch of the game: her seat, the bot
in the other, the header saying whose branch of which version it is, and her turn to play."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.helpers import open_with_bots


def test_what_if_opens_ann_s_branch_from_the_version_she_is_looking_at(new_page):
    ann = new_page()
    open_with_bots(ann, "bunny_kingdom", 2, "Ann")
    original = ann.url
    expect(ann.locator("#turn")).to_have_text(re.compile(r"^Your turn"))
    expect(ann.locator("#what-if")).to_be_visible()

    ann.locator("#what-if").click()
    expect(ann).not_to_have_url(original)
    expect(ann).to_have_url(re.compile(r"#/tables/[0-9a-f-]{36}$"))
    expect(ann.locator("#table-facts")).to_contain_text(re.compile(r"what if: Ann's branch from version \d+"))
    expect(ann.locator("#seats li.mine")).to_contain_text("1: Ann (you)")
    expect(ann.locator("#turn")).to_have_text(re.compile(r"^Your turn"))
    expect(ann.locator("#log")).to_contain_text("What if: branched by Ann")
    assert ann.errors == []
