package io.hexmq.remoting.header;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.hexmq.remoting.protocol.HeaderField;
import io.hexmq.remoting.protocol.HeaderSpelling;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.rocketmq.remoting.annotation.CFNotNull;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each shared header definition against the official header classes of the codes it serves: every field
 * it names is a field of one of them (or one of the few the official peers add by hand), and a field it
 * requires is one that an official class never leaves out (annotated non-null, or a primitive). The
 * third argument names the fields the official classes do not describe: added to the header by hand, or
 * required by hexmq where the annotation allows absence.
 */
class OfficialHeadersTest {

    private static final String OFFICIAL = "org.apache.rocketmq.remoting.protocol.header.";

    static Stream<Arguments> definitions() {
        return Stream.of(
                arguments(SendMessageHeader.class, List.of("SendMessageRequestHeader"), List.of()),
                arguments(SendMessageResponseHeader.class, List.of("SendMessageResponseHeader"),
                        List.of("MSG_REGION", "TRACE_ON")),
                arguments(PullMessageHeader.class, List.of("PullMessageRequestHeader"), List.of()),
                arguments(PullMessageResponseHeader.class, List.of("PullMessageResponseHeader"), List.of()),
                arguments(ConsumerOffsetHeader.class,
                        List.of("QueryConsumerOffsetRequestHeader", "UpdateConsumerOffsetRequestHeader"), List.of()),
                arguments(QueueOffsetHeader.class, List.of("GetMaxOffsetRequestHeader", "GetMinOffsetRequestHeader",
                        "GetEarliestMsgStoretimeRequestHeader", "SearchOffsetRequestHeader"), List.of()),
                arguments(OffsetResponseHeader.class, List.of("QueryConsumerOffsetResponseHeader",
                        "GetMaxOffsetResponseHeader", "GetMinOffsetResponseHeader", "SearchOffsetResponseHeader",
                        "GetEarliestMsgStoretimeResponseHeader"), List.of()),
                arguments(ConsumerSendMsgBackHeader.class, List.of("ConsumerSendMsgBackRequestHeader"), List.of()),
                arguments(UnregisterClientHeader.class, List.of("UnregisterClientRequestHeader"), List.of()),
                arguments(ConsumerGroupHeader.class, List.of("GetConsumerListByGroupRequestHeader",
                        "NotifyConsumerIdsChangedRequestHeader", "GetConsumerConnectionListRequestHeader",
                        "GetConsumeStatsRequestHeader"), List.of()),
                // Without msgId there is nothing to consume: hexmq refuses what the annotation lets through.
                arguments(ConsumerCallHeader.class, List.of("GetConsumerRunningInfoRequestHeader",
                        "ConsumeMessageDirectlyResultRequestHeader"), List.of("msgId")),
                arguments(ResetOffsetHeader.class, List.of("ResetOffsetRequestHeader"), List.of()),
                arguments(TopicHeader.class, List.of("namesrv.GetRouteInfoRequestHeader", "GetTopicStatsInfoRequestHeader",
                        "DeleteTopicRequestHeader", "QueryTopicConsumeByWhoRequestHeader", "GetTopicConfigRequestHeader",
                        "namesrv.DeleteTopicFromNamesrvRequestHeader"), List.of()),
                arguments(CreateTopicHeader.class, List.of("CreateTopicRequestHeader"), List.of()),
                arguments(PopMessageHeader.class, List.of("PopMessageRequestHeader"), List.of()),
                arguments(PopMessageResponseHeader.class, List.of("PopMessageResponseHeader"), List.of()),
                arguments(AckMessageHeader.class, List.of("AckMessageRequestHeader", "ChangeInvisibleTimeRequestHeader"),
                        List.of()),
                arguments(ChangeInvisibleTimeResponseHeader.class, List.of("ChangeInvisibleTimeResponseHeader"),
                        List.of()),
                arguments(PopQueueHeader.class, List.of("PeekMessageRequestHeader", "PollingInfoRequestHeader",
                        "PollingInfoResponseHeader"), List.of()),
                arguments(NotificationHeader.class, List.of("NotificationRequestHeader", "NotificationResponseHeader"),
                        List.of()),
                // indexType is a field of 5.5's QueryMessageRequestHeader, newer than the classes tested here.
                arguments(MessageLookupHeader.class, List.of("ViewMessageRequestHeader", "QueryMessageRequestHeader"),
                        List.of("_UNIQUE_KEY_QUERY", "indexType")),
                arguments(KvConfigHeader.class, List.of("namesrv.PutKVConfigRequestHeader",
                        "namesrv.GetKVConfigRequestHeader", "namesrv.DeleteKVConfigRequestHeader",
                        "namesrv.GetKVConfigResponseHeader"), List.of()),
                // No user (ACL) to act on without its username (subject): hexmq requires what the annotation does not.
                arguments(AuthHeader.class, List.of("CreateUserRequestHeader", "UpdateUserRequestHeader",
                        "DeleteUserRequestHeader", "GetUserRequestHeader", "ListUsersRequestHeader",
                        "CreateAclRequestHeader", "UpdateAclRequestHeader", "DeleteAclRequestHeader",
                        "GetAclRequestHeader", "ListAclsRequestHeader"), List.of("username", "subject")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("definitions")
    void namesOnlyFieldsOfTheOfficialHeaders_andRequiresNoneTheyMayLeaveOut(Class<?> definition,
            List<String> officialNames, List<String> beyondTheOfficialClasses) throws Exception {
        List<Class<?>> official = new ArrayList<>();
        for (String name : officialNames) {
            official.add(Class.forName(OFFICIAL + name));
        }
        for (HeaderField<?> field : fieldsOf(definition)) {
            List<Field> matches = official.stream().flatMap(type -> declared(type, field.name()).stream()).toList();
            if (beyondTheOfficialClasses.contains(field.name())) {
                continue;
            }
            assertThat(matches).as("%s.%s in %s", definition.getSimpleName(), field, officialNames).isNotEmpty();
            if (field.isRequired()) {
                assertThat(matches).as("required %s.%s", definition.getSimpleName(), field)
                        .anyMatch(match -> match.isAnnotationPresent(CFNotNull.class) || match.getType().isPrimitive());
            }
        }
    }

    @Test
    void compactLettersAreTheOfficialV2Names() throws Exception {
        SendMessageRequestHeader full = new SendMessageRequestHeader();
        full.setProducerGroup("pg");
        full.setTopic("T");
        full.setDefaultTopic("TBW102");
        full.setDefaultTopicQueueNums(4);
        full.setQueueId(3);
        full.setSysFlag(5);
        full.setBornTimestamp(1_700_000_000_123L);
        full.setFlag(6);
        full.setProperties("KEYS\u0001k\u0002");
        full.setReconsumeTimes(7);
        full.setUnitMode(true);
        full.setMaxReconsumeTimes(8);
        full.setBatch(true);
        SendMessageRequestHeaderV2 compact = SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(full);

        for (HeaderField<?> field : fieldsOf(SendMessageHeader.class)) {
            Object value = valueOf(full, field.name(HeaderSpelling.FULL));
            assertThat(value).as("%s", field).isNotNull();
            assertThat(valueOf(compact, field.name(HeaderSpelling.COMPACT))).as("%s", field).isEqualTo(value);
        }
    }

    private static List<HeaderField<?>> fieldsOf(Class<?> definition) throws IllegalAccessException {
        List<HeaderField<?>> fields = new ArrayList<>();
        for (Field constant : definition.getFields()) {
            if (Modifier.isStatic(constant.getModifiers()) && constant.getType() == HeaderField.class) {
                fields.add((HeaderField<?>) constant.get(null));
            }
        }
        assertThat(fields).as("fields of %s", definition).isNotEmpty();
        return fields;
    }

    private static Optional<Field> declared(Class<?> type, String name) {
        for (Class<?> at = type; at != null; at = at.getSuperclass()) {
            Optional<Field> found = Arrays.stream(at.getDeclaredFields())
                    .filter(field -> field.getName().equals(name)).findFirst();
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    private static Object valueOf(Object header, String name) throws IllegalAccessException {
        Field field = declared(header.getClass(), name).orElseThrow();
        field.setAccessible(true);
        return field.get(header);
    }
}
