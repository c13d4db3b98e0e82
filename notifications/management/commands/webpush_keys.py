"""Print a new VAPID key pair for browser notifications, as the two environment lines."""

from django.core.management.base import BaseCommand

from xix_site.vapid import key_pair


class Command(BaseCommand):
    help = (
        "Make a VAPID key pair for browser notifications (Web Push) and print it as "
        "WEBPUSH_VAPID_PUBLIC_KEY and WEBPUSH_VAPID_PRIVATE_KEY lines for the environment. "
        "Keep the pair: browsers subscribed with one key stop receiving notifications "
        "when it changes."
    )

    def handle(self, *args, **options):
        pair = key_pair()
        self.stdout.write(f"WEBPUSH_VAPID_PUBLIC_KEY={pair['public']}")
        self.stdout.write(f"WEBPUSH_VAPID_PRIVATE_KEY={pair['private']}")
