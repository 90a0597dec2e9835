"""What a language tag asks for, one table for every place that chooses: the terminal
(`py_rules.i18n.use`), the boards (`app.settings.supported`, an embed's data-lang) and the
pages' own choice from the browser's preferred languages and ?lang= (assets/language.js).

(tag, the site's language for it). A pseudo-locale counts by its exact tag only (the
terminal has no pseudo-locales: it shows them as their primary subtag)."""

from __future__ import annotations

TAGS = (
    ("en", "en"),
    ("en-GB", "en"),
    ("es", "es"),
    ("es-MX", "es"),
    ("ES", "es"),
    ("fr", "fr"),
    ("fr-CA", "fr"),
    ("de-AT", "de"),
    ("ar", "ar"),
    ("ar-EG", "ar"),
    ("pt", "pt-BR"),
    ("pt-BR", "pt-BR"),
    ("pt-br", "pt-BR"),
    ("pt-PT", "pt-BR"),
    ("zh", "zh-Hans"),
    ("zh-CN", "zh-Hans"),
    ("zh-SG", "zh-Hans"),
    ("zh-Hans", "zh-Hans"),
    ("zh-hans", "zh-Hans"),
    ("zh-Hans-HK", "zh-Hans"),
    ("zh-TW", "en"),  # Traditional Chinese: none of ours yet
    ("zh-HK", "en"),
    ("zh-MO", "en"),
    ("zh-Hant", "en"),
    ("zh-Hant-TW", "en"),
    ("xx", "en"),
    ("../../etc", "en"),
    ("en-XA", "en-XA"),
    ("ar-XB", "ar-XB"),
    ("ar-xb", "ar-XB"),
    ("en-XA-x", "en"),
)
# Locale names as the terminal's environment gives them.
LOCALE_NAMES = (
    ("pt_BR.UTF-8", "pt-BR"),
    ("pt_PT.UTF-8", "pt-BR"),
    ("zh_CN.UTF-8", "zh-Hans"),
    ("zh_SG.UTF-8", "zh-Hans"),
    ("zh_TW.UTF-8", "en"),
    ("ar_EG.UTF-8", "ar"),
    ("de_DE@euro", "de"),
    ("C", "en"),
    ("POSIX", "en"),
    ("", "en"),
)
