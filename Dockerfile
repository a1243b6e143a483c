# FleetAudit in a container, for CI jobs and cron hosts that pull an image instead of building from source.
#
#   docker build -t fleet-audit .
#   docker run --rm --user "$(id -u):$(id -g)" -v "$PWD:/work" fleet-audit audit --inventory fleet.csv \
#     --config-dir configs --out reports
#
# (--user: the reports are written into the mounted folder as its owner.)
#
# Two stages: the Swift toolchain builds the binary with the Swift runtime linked in (`make install`, as on a cron
# host), and a slim Debian image runs it with only the system libraries it links. Tests/Install/check-dockerfile.py
# (run by .ci/run after the install check) holds the run stage's package list to the libraries the built binary
# needs, by `ldd` and `dpkg -S`.
ARG SWIFT_IMAGE=swift:6.2-bookworm
ARG RUN_IMAGE=debian:bookworm-slim

FROM ${SWIFT_IMAGE} AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends libsqlite3-dev libxml2-dev libcurl4-openssl-dev pkg-config make \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN make install PREFIX=/opt/fleet-audit

FROM ${RUN_IMAGE} AS run
RUN apt-get update \
 && apt-get install -y --no-install-recommends libsqlite3-0 libxml2 libcurl4 ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /opt/fleet-audit/ /usr/local/
RUN useradd --system --create-home --home-dir /work fleet-audit
USER fleet-audit
WORKDIR /work
ENTRYPOINT ["fleet-audit"]
CMD ["--help"]
