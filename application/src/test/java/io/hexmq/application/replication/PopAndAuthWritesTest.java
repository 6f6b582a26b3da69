package io.hexmq.application.replication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.application.fakes.InMemoryGroupLog;
import io.hexmq.domain.auth.Acl;
import io.hexmq.domain.auth.Action;
import io.hexmq.domain.auth.AuthTable;
import io.hexmq.domain.auth.Decision;
import io.hexmq.domain.auth.PolicyEntry;
import io.hexmq.domain.auth.ResourcePattern;
import io.hexmq.domain.auth.SourceRange;
import io.hexmq.domain.auth.User;
import io.hexmq.domain.auth.UserType;
import io.hexmq.domain.auth.Username;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.pop.MessageRequestMode;
import io.hexmq.domain.pop.PopChange;
import io.hexmq.domain.pop.PopCheckpoint;
import io.hexmq.domain.pop.PopOffset;
import io.hexmq.domain.pop.PopState;
import io.hexmq.domain.pop.RequestModes;
import io.hexmq.domain.replication.NotLeaderException;
import io.hexmq.domain.replication.ReplicaId;
import io.hexmq.domain.topic.TopicName;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** POP state, request modes and users and policies through the group's log, like the other state. */
class PopAndAuthWritesTest {

    private static final GroupName GROUP = new GroupName("CG");
    private static final TopicName TOPIC = new TopicName("TopicA");
    private static final TopicGroup TOPIC_GROUP = new TopicGroup(TOPIC, GROUP);
    private static final PopState POPS = new PopState(
            List.of(PopCheckpoint.unordered(GROUP, TOPIC, 1, 40, 1_700_000_000_000L, 60_000),
                    new PopCheckpoint(GROUP, TOPIC, 2, 7, 1_700_000_000_500L, 30_000, true, 2, 9)),
            List.of(new PopOffset(GROUP, TOPIC, 1, 41)));
    private static final List<RequestModes.Entry> MODES = List.of(new RequestModes.Entry(TOPIC_GROUP,
            new RequestModes.Setting(MessageRequestMode.POP, 2)));
    private static final User ALICE = User.enabled("alice", "secret", UserType.NORMAL);
    private static final User ROOT = User.enabled("root", "s3cret", UserType.SUPER);
    private static final Acl ALICE_ACL = new Acl(ALICE.username(), List.of(
            new PolicyEntry(ResourcePattern.parse("Topic:Topic*"), Set.of(Action.PUB, Action.SUB),
                    List.of(SourceRange.parse("10.0.0.0/8")), Decision.ALLOW),
            new PolicyEntry(ResourcePattern.parse("Group:CG"), Set.of(Action.SUB), List.of(), Decision.DENY)));
    private static final AuthTable AUTH = new AuthTable(Map.of(ALICE.username(), ALICE, ROOT.username(), ROOT),
            Map.of(ALICE.username(), ALICE_ACL));

    private final Replica leader = new Replica(Replica.LEADER_HOST);
    private final Replica follower = new Replica(HostAddress.of(new byte[] {10, 0, 0, 2}, 10911));
    private final InMemoryGroupLog log = new InMemoryGroupLog();
    private final ReplicatedStateStores stores = new ReplicatedStateStores(leader.localStores(), log);

    PopAndAuthWritesTest() {
        log.start(leader.applier);
        log.join(follower.applier);
    }

    @Test
    void carriesPopStateRequestModesAndUsersAsAbsoluteValues() {
        assertThat(roundTrip(new GroupWrite.SavePopState(POPS))).isEqualTo(new GroupWrite.SavePopState(POPS));
        assertThat(roundTrip(new GroupWrite.SaveRequestModes(MODES))).isEqualTo(new GroupWrite.SaveRequestModes(MODES));
        assertThat(roundTrip(new GroupWrite.SaveAuth(AUTH))).isEqualTo(new GroupWrite.SaveAuth(AUTH));
        assertThat(roundTrip(new GroupWrite.SavePopState(PopState.EMPTY)))
                .isEqualTo(new GroupWrite.SavePopState(PopState.EMPTY));
    }

    @Test
    void writesTheSameUsersAsTheSameBytes_whateverOrderTheTableHoldsThemIn() {
        Map<Username, User> reversed = new LinkedHashMap<>();
        reversed.put(ROOT.username(), ROOT);
        reversed.put(ALICE.username(), ALICE);
        AuthTable other = new AuthTable(reversed, AUTH.acls());

        assertThat(GroupWrites.encode(new GroupWrite.SaveAuth(other)))
                .isEqualTo(GroupWrites.encode(new GroupWrite.SaveAuth(AUTH)));
    }

    @Test
    void givesAFollowerTheLeadersPopState_inItsStoreAndInMemory() {
        follower.popCheckpoints.add(List.of(PopCheckpoint.unordered(GROUP, TOPIC, 3, 99, 1, 1)));

        stores.popState().save(POPS);

        assertThat(follower.popStore.load()).isEqualTo(POPS);
        assertThat(follower.popCheckpoints.state()).isEqualTo(POPS);
        assertThat(leader.popStore.load()).isEqualTo(POPS);
    }

    @Test
    void carriesTheAttemptIdsOfOrderlyCheckpoints_inAStateAndInChanges_andAStateWithoutAnyAsBefore() {
        PopCheckpoint ofAttempt = new PopCheckpoint(GROUP, TOPIC, 3, 5, 1_700_000_000_700L, 30_000, true, 0, 6,
                "attempt-1");
        PopState withAttempt = new PopState(List.of(POPS.checkpoints().get(1), ofAttempt), POPS.offsets());
        List<PopChange> changes = List.of(new PopChange.Put(ofAttempt), new PopChange.Put(POPS.checkpoints().get(1)));

        assertThat(roundTrip(new GroupWrite.SavePopState(withAttempt)))
                .isEqualTo(new GroupWrite.SavePopState(withAttempt));
        assertThat(roundTrip(new GroupWrite.ChangePopState(changes))).isEqualTo(new GroupWrite.ChangePopState(changes));
        assertThat(GroupWrites.encode(new GroupWrite.SavePopState(POPS))[0]).as("an older broker's kind")
                .isEqualTo(GroupWrites.SAVE_POP_STATE);
        assertThat(GroupWrites.encode(new GroupWrite.SavePopState(withAttempt))[0])
                .isEqualTo(GroupWrites.SAVE_POP_STATE_OF_ATTEMPTS);
    }

    @Test
    void carriesPopChangesAsTheLeaderAppendedThem() {
        List<PopChange> changes = List.of(new PopChange.Put(POPS.checkpoints().get(1)),
                new PopChange.Remove(GROUP, TOPIC, 1, 40, 1_700_000_000_000L),
                new PopChange.Advance(new PopOffset(GROUP, TOPIC, 1, 42)));

        assertThat(roundTrip(new GroupWrite.ChangePopState(changes))).isEqualTo(new GroupWrite.ChangePopState(changes));
        assertThat(roundTrip(new GroupWrite.ChangePopState(List.of())))
                .isEqualTo(new GroupWrite.ChangePopState(List.of()));
    }

    @Test
    void givesAFollowerTheLeadersPopChanges_inItsStoreAndInMemory() {
        stores.popState().save(POPS);
        PopCheckpoint later = PopCheckpoint.unordered(GROUP, TOPIC, 1, 41, 1_700_000_001_000L, 60_000);

        stores.popState().append(List.of(new PopChange.Remove(GROUP, TOPIC, 1, 40, 1_700_000_000_000L),
                new PopChange.Put(later), new PopChange.Advance(new PopOffset(GROUP, TOPIC, 1, 42))));

        PopState expected = new PopState(List.of(POPS.checkpoints().get(1), later),
                List.of(new PopOffset(GROUP, TOPIC, 1, 42)));
        assertThat(follower.popStore.load()).isEqualTo(expected);
        assertThat(follower.popCheckpoints.state()).isEqualTo(expected);
        assertThat(leader.popStore.load()).isEqualTo(expected);
        assertThat(follower.popCheckpoints.drainChanges()).as("a follower records no change of its own").isEmpty();
    }

    @Test
    void givesAFollowerTheLeadersRequestModes_droppingOnesTheLeaderNoLongerHas() {
        TopicGroup gone = new TopicGroup(new TopicName("TopicB"), GROUP);
        follower.requestModes.set(gone, new RequestModes.Setting(MessageRequestMode.PULL, 0));

        stores.requestModes().save(MODES);

        assertThat(follower.requestModeStore.load()).isEqualTo(MODES);
        assertThat(follower.requestModes.snapshot()).isEqualTo(MODES);
        assertThat(follower.requestModes.find(gone)).isEmpty();
    }

    @Test
    void givesAFollowerTheLeadersUsersAndPolicies() {
        stores.auth().save(AUTH);

        assertThat(follower.authStore.load()).contains(AUTH);
        assertThat(follower.auth.snapshot()).isEqualTo(AUTH);
        assertThat(stores.auth().load()).isEqualTo(Optional.of(AUTH));
    }

    @Test
    void refusesASaveNamingTheLeader_whenThisReplicaDoesNotLead() {
        log.follow(new ReplicaId("n1"));

        assertThatThrownBy(() -> stores.popState().save(POPS)).isInstanceOf(NotLeaderException.class);
        assertThatThrownBy(() -> stores.requestModes().save(MODES)).isInstanceOf(NotLeaderException.class);
        assertThatThrownBy(() -> stores.auth().save(AUTH)).isInstanceOf(NotLeaderException.class)
                .hasMessageContaining("n1");
        assertThat(leader.authStore.load()).isEmpty();
    }

    private static GroupWrite roundTrip(GroupWrite write) {
        return GroupWrites.decode(ByteBuffer.wrap(GroupWrites.encode(write)).asReadOnlyBuffer());
    }
}
