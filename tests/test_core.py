from engine import GAMES, RuleError, get_game
from engine.core import new_rng, rank_standings, rng_below, rng_shuffle


def test_registry_lists_the_four_games():
    assert list(GAMES) == ["rhein", "rheinlaender", "troedler", "18rhl"]


def test_unknown_game_is_a_rule_error():
    try:
        get_game("chess")
    except RuleError as error:
        assert "chess" in str(error)
    else:
        raise AssertionError("expected RuleError")


def test_rng_is_deterministic_and_counts_draws():
    a, b = new_rng(42), new_rng(42)
    assert [rng_below(a, 100) for _ in range(20)] == [rng_below(b, 100) for _ in range(20)]
    assert a["draws"] == 20
    items = list(range(10))
    rng_shuffle(new_rng(1), items)
    assert sorted(items) == list(range(10)) and items != list(range(10))


def test_rank_standings_shares_equal_places():
    ranks = [(s.seat, s.rank) for s in rank_standings({0: (5, 1), 1: (7, 0), 2: (5, 1), 3: (5, 0)})]
    assert ranks == [(1, 1), (0, 2), (2, 2), (3, 4)]
