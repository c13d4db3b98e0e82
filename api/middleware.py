"""Every API request logged (logger ``api.requests``): method, path, status, account,
token, client address and time taken. A stream is logged when its answer starts."""

import logging
import time

from asgiref.sync import iscoroutinefunction, markcoroutinefunction

log = logging.getLogger("api.requests")
PREFIX = "/api/"


def _log(request, response, started: float) -> None:
    token = getattr(request, "token", None)
    user = getattr(request, "user", None)
    log.info(
        "%s %s %s user=%s token=%s ip=%s %.0fms",
        request.method,
        request.path,
        response.status_code,
        user.pk if token is not None else "-",
        token.pk if token is not None else "-",
        request.META.get("REMOTE_ADDR", "-"),
        (time.monotonic() - started) * 1000,
    )


class RequestLog:
    sync_capable = True
    async_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        if iscoroutinefunction(get_response):
            markcoroutinefunction(self)

    def __call__(self, request):
        if iscoroutinefunction(self):
            return self.__acall__(request)
        started = time.monotonic()
        response = self.get_response(request)
        if request.path.startswith(PREFIX):
            _log(request, response, started)
        return response

    async def __acall__(self, request):
        started = time.monotonic()
        response = await self.get_response(request)
        if request.path.startswith(PREFIX):
            _log(request, response, started)
        return response
