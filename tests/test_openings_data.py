"""Number Duel's opening table is data (data/number_duel_openings.bin), written by
scripts/data/number_duel_openings.py and read back by the solver exactly as written."""

from __future__ import annotations

import number_duel_openings
import pytest
from hypothesis import given
from hypothesis import strategies as st

from py_rules.engine.solvers import number_duel

SHIPPED = number_duel.OPENINGS_FILE.read_bytes()


def test_the_shipped_file_is_what_the_script_writes_for_its_table() -> None:
    size, table = number_duel.read_openings(SHIPPED)
    assert size == number_duel_openings.SIZE == number_duel.EXACT_MAX
    assert number_duel_openings.encode(size, table) == SHIPPED
    left = [number_duel_openings.numbers_left(key) for key in table]
    assert min(left) == number_duel_openings.MIN_LEFT and len(table) > 10_000


@given(
    st.dictionaries(
        st.integers(0, 2**40 - 1),
        st.sampled_from([0.0, 0.5, 1.0, 1 / 3, 0.9083333333333334]),
        max_size=50,
    )
)
def test_any_table_reads_back_as_written(table: dict[int, float]) -> None:
    assert number_duel.read_openings(number_duel_openings.encode(7, table)) == (7, table)


@pytest.mark.parametrize(
    "damaged",
    [b"", b"not an openings file", SHIPPED[:-1], SHIPPED[:-2] + b"\xff\xff", SHIPPED[:40]],
)
def test_a_damaged_file_is_refused_with_a_clear_message(damaged: bytes) -> None:
    with pytest.raises(ValueError, match="openings file"):
        number_duel.read_openings(damaged)
