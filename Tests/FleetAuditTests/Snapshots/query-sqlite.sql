SELECT `platform`, `os_version`, `app_version`, `app_build`, `package_name`, `app_opens`, `arch`, `is_tablet`, `language`, `last_notified_version`, `minutes_since_rating`, `region`, count(*) AS `count`
FROM `devices`
GROUP BY `platform`, `os_version`, `app_version`, `app_build`, `package_name`, `app_opens`, `arch`, `is_tablet`, `language`, `last_notified_version`, `minutes_since_rating`, `region`
