from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0004_club_time_zone'),
    ]

    operations = [
        migrations.AddField(
            model_name='club',
            name='default_language',
            field=models.CharField(choices=[('en', 'English'), ('fr', 'Français'), ('uk', 'Українська')], default='en', max_length=8),
        ),
        migrations.AddField(
            model_name='member',
            name='language',
            field=models.CharField(blank=True, choices=[('en', 'English'), ('fr', 'Français'), ('uk', 'Українська')], default='', max_length=8),
        ),
    ]
