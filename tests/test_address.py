"""The worker page's address functions (site/app/browser/address.py) give what their
`urllib.parse` namesakes give, for the addresses a browser hands a page."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit, urlunsplit

from app.browser import address
from hypothesis import given
from hypothesis import strategies as st

# Any text a query may hold once the browser has put it in the address: escapes, good and
# bad, "+", "=", "&", letters of any script.
QUERY_TEXT = st.lists(
    st.sampled_from([*list("ab=&+%;/?:#é中 ~-._"), "%20", "%2B", "%C3%A9", "%E4", "%zz"]),
    max_size=20,
).map("".join)
SEGMENT = st.lists(st.sampled_from([*list("ab-_.~é"), "%20"]), max_size=6).map("".join)
PATH = st.lists(st.one_of(SEGMENT, st.sampled_from([".", "..", ""])), max_size=6).map("/".join)
HOSTS = st.sampled_from(["example.org", "localhost:8000", "127.0.0.1:39521", "user.github.io"])


@st.composite
def hrefs(draw: st.DrawFn) -> str:
    scheme = draw(st.sampled_from(["https", "http"]))
    href = f"{scheme}://{draw(HOSTS)}/{draw(PATH)}"
    query = draw(QUERY_TEXT.filter(lambda q: "#" not in q))
    if query or draw(st.booleans()):
        href += f"?{query}"
    fragment = draw(QUERY_TEXT)
    if fragment or draw(st.booleans()):
        href += f"#{fragment}"
    return href


@given(hrefs())
def test_split_and_unsplit_as_urllib(href: str) -> None:
    parts = address.split(href)
    assert tuple(parts) == tuple(urlsplit(href))
    assert address.unsplit(parts) == urlunsplit(urlsplit(href))
    changed = parts._replace(query="a=1", fragment="")
    assert address.unsplit(changed) == urlunsplit(urlsplit(href)._replace(query="a=1", fragment=""))


@given(QUERY_TEXT)
def test_a_query_is_read_as_urllib_reads_it(query: str) -> None:
    assert address.parse_query(query) == parse_qsl(query, keep_blank_values=True)


@given(st.lists(st.tuples(st.text(max_size=8), st.text(max_size=8)), max_size=4))
def test_a_query_is_written_as_urllib_writes_it_and_reads_back(
    pairs: list[tuple[str, str]],
) -> None:
    pairs = [(name, value) for name, value in pairs if name and not _surrogates(name + value)]
    written = address.encode_query(pairs)
    assert written == urlencode(pairs)
    assert address.parse_query(written) == pairs


def _surrogates(text: str) -> bool:
    return any(0xD800 <= ord(c) <= 0xDFFF for c in text)


@given(hrefs(), st.one_of(PATH, PATH.map(lambda p: "/" + p)).filter(lambda p: p[:2] != "//"))
def test_a_file_of_the_site_is_found_as_urljoin_finds_it(base: str, path: str) -> None:
    assert address.join(base, path) == urljoin(base, path)


def test_the_pages_own_cases() -> None:
    site = "https://user.github.io/number-duels/"
    assert address.join(site, "vendor/qrcode-generator/qrcode.js") == (
        "https://user.github.io/number-duels/vendor/qrcode-generator/qrcode.js"
    )
    assert address.join(site, "https://example.org/x") == "https://example.org/x"
    href = "https://h/number-duels/games/circle-duel/?link=a%2Bb&lang=es#move-3"
    assert address.parse_query(address.split(href).query) == [("link", "a+b"), ("lang", "es")]
    assert address.split(href).fragment == "move-3"
    assert address.encode_query([("name", "Ana María & co")]) == "name=Ana+Mar%C3%ADa+%26+co"
