"""Security headers Django 5.2 does not send itself (docs/security.md).

Django's SecurityMiddleware already sends Strict-Transport-Security (production),
X-Content-Type-Options, Referrer-Policy and Cross-Origin-Opener-Policy, and
XFrameOptionsMiddleware sends X-Frame-Options. This middleware adds the two that Django
5.2 lacks: Content-Security-Policy (CONTENT_SECURITY_POLICY) and Permissions-Policy
(PERMISSIONS_POLICY). An empty setting sends no header; a response that already carries
the header (a view that needs its own policy) keeps it.
"""

from django.conf import settings


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        headers = (
            ("Content-Security-Policy", getattr(settings, "CONTENT_SECURITY_POLICY", "")),
            ("Permissions-Policy", getattr(settings, "PERMISSIONS_POLICY", "")),
        )
        for name, value in headers:
            if value and name not in response.headers:
                response.headers[name] = value
        return response
