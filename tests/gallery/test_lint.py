"""The lint over every screen: the whole gallery (docs/screens/) and the
terminal's output (`paiju play GAME --auto --lang L --seed N`), one test per
check × source × language. The checks are in tests/gallery/lint.py.

Today's wording fails many of them: those buckets are marked below, each
with the first thing it finds. The marks are strict: when a wording change
fixes a bucket, its test XPASSes and fails, and whoever fixed it deletes its
line here."""

import pytest

from tests.gallery.lint import buckets, problems

# (check, source, language): what it finds today. Delete a line when it passes.
FAILING = {
}


def cases():
    for bucket in buckets():
        found = FAILING.get(bucket)
        marks = [pytest.mark.xfail(strict=True, reason=f"today: {found}")] if found else []
        yield pytest.param(*bucket, marks=marks, id="-".join(bucket))


@pytest.mark.parametrize("check,source,lang", list(cases()))
def test_screens_pass(check, source, lang):
    found = problems(check, source, lang)
    assert not found, f"{len(found)} problems, the first ones:\n" + "\n".join(found[:15])


def test_every_failing_bucket_exists():
    assert set(FAILING) - set(buckets()) == set()
