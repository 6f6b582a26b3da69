package io.hexmq.adapters.ratis;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.adapters.ratis.LoopbackGroup.Replica;
import io.hexmq.domain.replication.GroupStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SnapshotIT {

    private static final long SMALLEST_SEGMENT = 16 << 10;
    private static final byte[] KIBIBYTE = new byte[1024];
    private static final long SEGMENT = 64 << 10;
    private static final byte[] MORE_THAN_HALF_A_SEGMENT = new byte[40 << 10];
    private static final int WRITES_BOUND = 16;

    @TempDir
    Path dir;

    private LoopbackGroup group;

    @AfterEach
    void stopGroup() {
        group.close();
    }

    @Test
    void makesTheStoresDurable_everyThresholdEntries_andPurgesTheLogBehindThem() throws Exception {
        group = new LoopbackGroup(dir, 3, settings -> settings.withSnapshotThreshold(20)
                .withLogSegmentSize(SMALLEST_SEGMENT)).startAll();
        group.write(200, KIBIBYTE);
        group.awaitCaughtUp(200);

        for (Replica replica : group.running()) {
            assertThat(replica.entries().durableCalls()).as("snapshots of %s", replica.id()).isGreaterThanOrEqualTo(5);
            assertThat(firstLogIndex(replica).orElseThrow()).as("first index in the log of %s", replica.id())
                    .isGreaterThan(20);
        }
    }

    @Test
    void resumesFromItsDurablePoint_afterACrash_replayingWhatFollowsAndSkippingWhatItHeld() throws Exception {
        // Small segments, so that some close: a snapshot is only ever taken at the end of a closed one.
        group = new LoopbackGroup(dir, 3, settings -> settings.withSnapshotThreshold(50)
                .withLogSegmentSize(SMALLEST_SEGMENT)).startAll();
        group.write(120, KIBIBYTE);
        group.awaitCaughtUp(120);
        Replica follower = aFollower();
        int heldBeforeTheCrash = follower.entries().appliedCount();
        Path image = dir.resolve("crash-image");
        // What a kill -9 leaves: the log and its marker as they are now, then the stores (never behind the marker).
        copyTree(follower.settings().storageDir(), image.resolve("raft"));
        copyTree(storeDir(follower), image.resolve("store"));

        group.stop(follower.index());
        replaceTree(follower.settings().storageDir(), image.resolve("raft"));
        replaceTree(storeDir(follower), image.resolve("store"));
        Replica restarted = group.start(follower.index());
        group.write(10, KIBIBYTE);
        group.awaitCaughtUp(130);

        assertThat(restarted.entries().duplicates()).as("entries replayed although the store held them")
                .isPositive().isLessThan(heldBeforeTheCrash);
        assertSameEntriesAsTheLeader(restarted);
    }

    @Test
    void catchesUpAFollowerThatFellBehindThePurge_byInstallingTheLeadersFiles() throws Exception {
        group = new LoopbackGroup(dir, 3, settings -> settings.withSnapshotThreshold(10)
                .withLogSegmentSize(SMALLEST_SEGMENT)).startAll();
        group.write(20, KIBIBYTE);
        group.awaitCaughtUp(20);
        Replica follower = aFollower();
        group.stop(follower.index());

        group.write(200, KIBIBYTE);
        Replica leader = group.awaitLeader();
        assertThat(firstLogIndex(leader).orElseThrow()).as("first index in the leader's log").isGreaterThan(40);
        Replica restarted = group.start(follower.index());
        group.awaitCaughtUp(220);
        group.write(5, KIBIBYTE);
        group.awaitCaughtUp(225);

        assertThat(restarted.entries().installs()).isEqualTo(1);
        assertSameEntriesAsTheLeader(restarted);
        group.await("the leader released the files it shipped",
                () -> group.running().stream().allMatch(replica -> replica.entries().openViews() == 0));
        try (Stream<Path> staged = Files.list(restarted.settings().storageDir().resolve("catch-up"))) {
            assertThat(staged).isEmpty();
        }
    }

    /**
     * Ratis cuts its log a whole segment at a time. A follower stopped at the last entry of a segment that the
     * leader then purged needs, as its next entry, exactly the first one the leader kept: the leader must be
     * able to name the entry before it, which only the snapshot can then (RATIS-2487 in Ratis 3.2.2).
     */
    @Test
    void catchesUpAFollowerWhoseNextEntryIsTheFirstTheLeaderKept_afterThePurge() throws Exception {
        group = new LoopbackGroup(dir, 3, settings -> settings.withSnapshotThreshold(1)
                .withLogSegmentSize(SEGMENT)).startAll();
        group.write(5, KIBIBYTE);
        // Afterwards the open segment is more than half full, so the next entry of this size opens a new one.
        group.write(1, MORE_THAN_HALF_A_SEGMENT);
        group.awaitCaughtUp(6);
        Replica follower = aFollower();
        long followersLast = awaitAtRest(follower);
        group.stop(follower.index());

        group.write(1, MORE_THAN_HALF_A_SEGMENT);
        Replica leader = group.awaitLeader();
        for (int writes = 0; firstLogIndex(leader).orElseThrow() <= followersLast && writes < WRITES_BOUND; writes++) {
            group.write(1, KIBIBYTE);
        }
        assertThat(firstLogIndex(leader)).as("the first entry the leader kept, the follower's last being %d",
                followersLast).hasValue(followersLast + 1);
        int leaders = leader.entries().appliedCount();

        Replica restarted = group.start(follower.index());
        group.write(1, KIBIBYTE);
        group.awaitCaughtUp(leaders + 1);

        assertThat(restarted.entries().installs()).as("installations of the leader's files").isZero();
        assertSameEntriesAsTheLeader(restarted);
    }

    @Test
    void leavesTheGroup_whenItsStoresCannotApplyAnEntry_whileTheOthersGoOn() throws Exception {
        group = new LoopbackGroup(dir, 3).startAll();
        Replica broken = aFollower();
        broken.entries().failFromNextApply();

        group.write(10, KIBIBYTE);

        group.await("the broken replica was told it failed", () -> broken.entries().failure() != null);
        assertThat(broken.entries().failure()).hasMessageContaining("disk");
        assertThat(broken.entries().appliedCount()).isZero();
        group.await("the two others applied all 10", () -> group.running().stream().filter(replica -> replica != broken)
                .allMatch(replica -> replica.entries().appliedCount() >= 10));
        assertThat(broken.log().propose(new byte[1]).toCompletableFuture()).failsWithin(30, TimeUnit.SECONDS);
    }

    private Replica aFollower() {
        Replica leader = group.awaitLeader();
        return group.running().stream().filter(replica -> replica != leader).findFirst().orElseThrow();
    }

    private void assertSameEntriesAsTheLeader(Replica replica) {
        Replica leader = group.awaitLeader();
        assertThat(replica.entries().positions()).isEqualTo(leader.entries().positions());
        assertThat(replica.entries().checksums()).isEqualTo(leader.entries().checksums());
    }

    /**
     * Waits until the follower holds and applied everything the leader committed, and the leader appended
     * nothing since: the follower's log then ends where its applied index is (Ratis's own metadata entries
     * included, which carry no proposal).
     */
    private long awaitAtRest(Replica follower) {
        Replica leader = group.awaitLeader();
        group.await("the follower applied all the leader committed, and the leader appended nothing after", () -> {
            GroupStatus leaders = leader.log().status();
            GroupStatus followers = follower.log().status();
            return leaders.appliedIndex() == leaders.commitIndex() && followers.appliedIndex() == leaders.commitIndex()
                    && leaders.peers().stream().allMatch(peer -> peer.matchIndex() == leaders.commitIndex());
        });
        return follower.log().status().appliedIndex();
    }

    private Path storeDir(Replica replica) {
        return dir.resolve(replica.id() + "/store");
    }

    /** The first index of the oldest log segment Ratis kept (segments are named log_first-last, log_inprogress_first). */
    private static OptionalLong firstLogIndex(Replica replica) throws IOException {
        Path groupDir = replica.settings().storageDir().resolve(
                RatisConfiguration.groupId(replica.settings().group()).getUuid().toString());
        try (Stream<Path> files = Files.list(groupDir.resolve("current"))) {
            return files.map(file -> file.getFileName().toString())
                    .filter(name -> name.startsWith("log_"))
                    .map(name -> name.startsWith("log_inprogress_") ? name.substring("log_inprogress_".length())
                            : name.substring("log_".length(), name.indexOf('-')))
                    .mapToLong(Long::parseLong)
                    .min();
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : paths.toList()) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    private static void replaceTree(Path target, Path image) throws IOException {
        try (Stream<Path> paths = Files.walk(target)) {
            for (Path path : paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.delete(path);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        copyTree(image, target);
    }
}
