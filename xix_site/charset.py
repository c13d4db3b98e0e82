"""A form sent in any character set but UTF-8 is refused with a 400 before anything reads it.

The site's pages are UTF-8 and browsers send their forms in the page's encoding, with no
``charset`` in the ``Content-Type``. Django refuses to read an
``application/x-www-form-urlencoded`` body that names another charset (``charset=utf-16``):
``request.POST`` raises ``BadRequest``, and raises it again each time it is read, so the
CSRF check's read failed, then the 400 page's own CSRF check read it again and the answer
was a 500. A synonym of UTF-8 (``utf8``) failed the same way, and an unknown name
(``charset=nope``) was silently read as UTF-8.

So this middleware, before the CSRF check and every view, looks at the charset of a form
(URL-encoded or multipart): none, or UTF-8 by any of its names (``utf8``, ``UTF-8``; plain
``us-ascii`` is a subset of it), is read as UTF-8; any other, known or not, answers 400
with a short message, whatever the URL. Other content types are left alone (the site reads
no other body as text).
"""

import codecs

from django.http import HttpResponseBadRequest

FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
READ_AS_UTF8 = {"utf-8", "ascii"}  # codecs' own names


def _codec_name(charset: str) -> str | None:
    try:
        return codecs.lookup(charset.strip().strip('"')).name
    except (LookupError, ValueError):
        return None


def refusal(charset: str) -> HttpResponseBadRequest:
    shown = charset[:40]
    return HttpResponseBadRequest(
        f"Bad request: this site reads forms in UTF-8 only, not in {shown!r}. "
        "Send the form again without a charset, or with charset=utf-8.",
        content_type="text/plain; charset=utf-8",
    )


class FormCharsetMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.content_type in FORM_TYPES and "charset" in request.content_params:
            charset = request.content_params["charset"]
            if _codec_name(charset) not in READ_AS_UTF8:
                return refusal(charset)
            # Read as Django reads a form without a charset (it refuses "utf8" as a name).
            request.encoding = "utf-8"
        return self.get_response(request)
