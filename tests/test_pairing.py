"""Glossary pairing on hand-made glossaries: evidence, never position alone."""
from generator.sources.glossary_pairing import pair_glossaries
from generator.rules.model import GlossaryEntry, Provenance


def entry(name, cited=(), redirect=None, obsolete=False, definition=None):
    return GlossaryEntry(name, name, definition or [f"text of {name}"], Provenance("t", 1), obsolete, redirect,
                         tuple(cited))


def test_shifted_order_is_not_paired_by_position():
    # The Chinese list lacks "Color" where the English has it: positional pairing would give
    # Color Identity <-> 无色 (the known failure elsewhere).
    en = [entry("Color", ["105"]), entry("Color Identity", ["903.4"]), entry("Colorless", ["105.2c"])]
    zh = [entry("标识色", ["903.4"]), entry("无色", ["105.2c"])]
    pairs, issues = pair_glossaries(en, zh, {})
    got = {p.en.name: (p.zh.name if p.zh else None) for p in pairs if p.en}
    assert got == {"Color": None, "Color Identity": "标识色", "Colorless": "无色"}
    assert any("'Color' has no verified Chinese partner" in i.message for i in issues)


def test_same_citations_resolved_by_titles():
    en = [entry("Renown", ["702.112"]), entry("Renowned", ["702.112"])]
    zh = [entry("已铭勇", ["702.112"]), entry("铭勇", ["702.112"])]
    pairs, _ = pair_glossaries(en, zh, {"Renown": "铭勇"})
    got = {p.en.name: p.zh.name for p in pairs}
    assert got == {"Renown": "铭勇", "Renowned": "已铭勇"}
    assert all(p.verified for p in pairs)


def test_redirects_verified_through_their_targets():
    en = [entry("Damage", ["120"]), entry("Deal", redirect="Damage")]
    zh = [entry("伤害", ["120"]), entry("造成", redirect="伤害")]
    pairs, issues = pair_glossaries(en, zh, {})
    deal = next(p for p in pairs if p.en and p.en.name == "Deal")
    assert deal.zh.name == "造成" and deal.verified and deal.evidence.startswith("redirect")
    zh_wrong = [entry("伤害", ["120"]), entry("造成", redirect="别的")]
    pairs, issues = pair_glossaries(en, zh_wrong, {})
    deal = next(p for p in pairs if p.en and p.en.name == "Deal")
    assert not deal.verified and any("do not point to partners" in i.message for i in issues)


def test_structure_must_agree():
    en = [entry("A", ["100"]), entry("Old (Obsolete)", obsolete=True), entry("C", ["300"])]
    zh = [entry("甲", ["100"]), entry("新"), entry("丙", ["300"])]
    pairs, issues = pair_glossaries(en, zh, {})
    old = next(p for p in pairs if p.en and p.en.name == "Old (Obsolete)")
    assert old.zh is None and not old.verified


def test_a_moved_entry_without_evidence_is_reported_not_guessed():
    en = [entry("Spin", ["702.2"]), entry("Twirl (Obsolete)", obsolete=True), entry("Widget", ["101"])]
    zh = [entry("回旋", obsolete=True), entry("旋转", ["702.2"]), entry("小物件", ["101"])]
    pairs, issues = pair_glossaries(en, zh, {})
    twirl = next(p for p in pairs if p.en and p.en.name == "Twirl (Obsolete)")
    assert twirl.zh is None and not twirl.verified
    assert any("'回旋' has no verified English partner" in i.message for i in issues)
