"""The report limits hold when the reports arrive at once (issue 14, item 6): eight
reports sent together by one player, against a limit of five an hour, file five. Real
threads, each with its own connection, against PostgreSQL."""

import pytest

from moderation import services
from moderation.models import Report
from tests.at_once import at_once, failures
from tests.factories import UserFactory


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_eight_reports_at_once_file_no_more_than_the_hourly_limit():
    reporter = UserFactory(username="rita")
    targets = [UserFactory(username=f"target{i}") for i in range(8)]

    def report(i):
        return services.report_create(
            reporter=reporter,
            category=Report.Category.OTHER,
            text="at once",
            reported=targets[i],
        )

    results = at_once(report, len(targets))

    filed = [r for r in results if isinstance(r, Report)]
    refused = failures(results)
    assert len(filed) == services.REPORTS_PER_HOUR
    assert Report.objects.filter(reporter=reporter).count() == services.REPORTS_PER_HOUR
    assert len(refused) == len(targets) - services.REPORTS_PER_HOUR
    assert all(isinstance(error, services.RateLimited) for error in refused), refused


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_same_report_twice_at_once_is_filed_once():
    reporter, target = UserFactory(username="rita"), UserFactory(username="tom")

    def report(i):
        return services.report_create(
            reporter=reporter, category=Report.Category.OTHER, text="twice", reported=target
        )

    results = at_once(report, 4)

    assert Report.objects.filter(reporter=reporter).count() == 1
    assert sum(isinstance(r, Report) for r in results) == 1
    assert all(isinstance(error, services.ModerationError) for error in failures(results))
