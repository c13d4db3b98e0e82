"""Password reset through the mailed link, password change, adding an e-mail address."""

import pytest
from allauth.account.models import EmailAddress
from django.core import mail

from tests.accounts.helpers import (
    PASSWORD,
    confirmation_link,
    link_in_last_mail,
    log_in,
    log_out,
    logged_in_user_id,
)

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "staple-lantern-oboe-42"


def test_password_reset_end_to_end(client, verified_user, nav_text):
    response = client.post("/accounts/password/reset/", {"email": "carol@example.com"}, follow=True)
    assert response.redirect_chain[-1][0] == "/accounts/password/reset/done/"
    assert "Check your e-mail" in response.content.decode()

    link = link_in_last_mail("carol@example.com", r"/accounts/password/reset/key/[^\s]+/")
    form = client.get(link, follow=True)
    assert form.status_code == 200
    assert "Choose a new password" in form.content.decode()
    form_url = form.redirect_chain[-1][0] if form.redirect_chain else link

    done = client.post(
        form_url, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD}, follow=True
    )
    assert "Your new password is set." in done.content.decode()
    assert logged_in_user_id(client) is None

    log_in(client, "carol", PASSWORD)
    assert logged_in_user_id(client) is None
    response = log_in(client, "carol", NEW_PASSWORD)
    assert logged_in_user_id(client) == str(verified_user.pk)

    # The link works once.
    log_out(client)
    again = client.get(link, follow=True)
    assert "This link does not work" in again.content.decode()


def test_password_reset_for_an_unknown_address_sends_no_mail_and_gives_nothing_away(client):
    response = client.post("/accounts/password/reset/", {"email": "nobody@example.com"})

    assert response.status_code == 302
    assert response["Location"] == "/accounts/password/reset/done/"
    assert all("reset/key" not in m.body for m in mail.outbox)


def test_password_change(client, verified_user):
    client.force_login(verified_user)
    page = client.get("/accounts/password/change/")
    assert page.status_code == 200
    assert 'aria-current="page">Password</a>' in page.content.decode()

    wrong = client.post(
        "/accounts/password/change/",
        {"oldpassword": "not-it", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert wrong.status_code == 200
    verified_user.refresh_from_db()
    assert verified_user.check_password(PASSWORD)

    response = client.post(
        "/accounts/password/change/",
        {"oldpassword": PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
        follow=True,
    )
    assert response.status_code == 200
    verified_user.refresh_from_db()
    assert verified_user.check_password(NEW_PASSWORD)
    assert logged_in_user_id(client) == str(verified_user.pk)  # still logged in


def test_password_pages_need_a_log_in(client):
    for path in ("/accounts/password/change/", "/accounts/email/"):
        response = client.get(path)
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/")


def test_add_an_address_confirm_it_and_make_it_primary(client, verified_user):
    client.force_login(verified_user)
    page = client.get("/accounts/email/")
    assert "carol@example.com" in page.content.decode()
    assert 'aria-current="page">E-mail addresses</a>' in page.content.decode()

    client.post("/accounts/email/", {"action_add": "", "email": "carol@new.example.com"})

    new = EmailAddress.objects.get(email="carol@new.example.com")
    assert (new.user, new.verified, new.primary) == (verified_user, False, False)
    html = client.get("/accounts/email/").content.decode()
    assert "carol@new.example.com" in html and "Not confirmed" in html

    # An unconfirmed address cannot become the primary one.
    client.post("/accounts/email/", {"action_primary": "", "email": "carol@new.example.com"})
    assert not EmailAddress.objects.get(email="carol@new.example.com").primary

    client.post(confirmation_link("carol@new.example.com"))
    assert EmailAddress.objects.get(email="carol@new.example.com").verified

    client.post("/accounts/email/", {"action_primary": "", "email": "carol@new.example.com"})
    assert EmailAddress.objects.get(email="carol@new.example.com").primary
    verified_user.refresh_from_db()
    assert verified_user.email == "carol@new.example.com"


def test_an_address_of_another_account_can_never_be_confirmed_by_a_second_one(
    client, verified_user, django_user_model
):
    dave = django_user_model.objects.create_user("dave", "dave@example.com", PASSWORD)
    client.force_login(dave)

    # allauth accepts the request (saying no would tell dave that carol's address has an
    # account), but the address stays unconfirmed and cannot be confirmed for dave.
    client.post("/accounts/email/", {"action_add": "", "email": "carol@example.com"})

    added = EmailAddress.objects.filter(user=dave, email="carol@example.com").first()
    if added is not None:
        from allauth.account.models import EmailConfirmationHMAC

        key = EmailConfirmationHMAC(added).key
        page = client.get(f"/accounts/confirm-email/{key}/")
        assert "another account has already confirmed it" in page.content.decode()
        client.post(f"/accounts/confirm-email/{key}/")
        added.refresh_from_db()
        assert not added.verified
    assert EmailAddress.objects.get(user=verified_user, email="carol@example.com").verified
