from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    name = "seasons"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from projectors.framework import projector_register
        from seasons.ratings import RatingsProjector

        # A projector of the one framework: woken after every commit with the others,
        # swept, listed at /projections and rebuilt by `manage.py rebuild` by name.
        projector_register(
            RatingsProjector(),
            "each player's skill rating per club (Weng-Lin), checkpointed, rebuilt by generation",
        )
