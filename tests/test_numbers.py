from generator.rules.numbers import RuleNumber, next_letter, parse_number, sequence_problems


def test_parse_and_format():
    n = parse_number("702.19c")
    assert (n.section, n.rule, n.sub, n.kind, n.chapter) == (702, 19, "c", "subrule", 7)
    assert str(n) == "702.19c" and n.slug == "702-19c"
    assert str(n.parent) == "702.19" and str(n.parent.parent) == "702"
    assert parse_number("702").kind == "section"
    assert parse_number("70.2") is None and parse_number("702.19cc") is None


def test_order_is_numeric_not_textual():
    numbers = [parse_number(s) for s in ["702.100", "702.2", "702.19c", "702.19", "100.1a"]]
    assert [str(n) for n in sorted(numbers)] == ["100.1a", "702.2", "702.19", "702.19c", "702.100"]


def test_subrule_letters_skip_l_and_o():
    assert next_letter("k") == "m" and next_letter("n") == "p" and next_letter("z") is None


def test_sequence_problems_reported():
    seq = [parse_number(s) for s in ["100.1", "100.1a", "100.1c", "100.3", "100.2", "100.2", "100.3l"]]
    messages = [m for _, m in sequence_problems(seq)]
    assert any("gap: 100.1c follows 100.1a, expected 100.1b" in m for m in messages)
    assert any("gap: 100.3 follows 100.1c, expected 100.2" in m for m in messages)
    assert any("100.2 comes after 100.3: out of order" in m for m in messages)
    assert any("duplicate rule number 100.2" in m for m in messages)
    assert any("letter 'l'" in m for m in messages)


def test_k_to_m_is_not_a_gap():
    seq = [parse_number(s) for s in ["704.5", "704.5a", "704.5b", "704.5c", "704.5d", "704.5e", "704.5f",
                                     "704.5g", "704.5h", "704.5i", "704.5j", "704.5k", "704.5m", "704.5n"]]
    assert sequence_problems(seq) == []
    assert RuleNumber(704, 5, "m") > RuleNumber(704, 5, "k")
